"""docs/research.md runs as written: its doctest and both of its Python examples."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_pages_doctest_runs() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0


@pytest.mark.parametrize("number", [0, 1])
def test_the_pages_examples_run(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    examples = re.findall(r"```python\n(.*?)```", PAGE.read_text(), flags=re.DOTALL)
    assert len(examples) == 2
    namespace: dict[str, object] = {}
    exec(compile(examples[number], f"docs/research.md example {number + 1}", "exec"), namespace)
    if number == 0:
        assert "MCTS won" in capsys.readouterr().out
    else:
        assert namespace["weights"].any()  # type: ignore[union-attr]
