"""Every game's rules page, docs/rules/<id>.md, and the tests that cite it.

A rule is numbered in bold at the start of its paragraph or list item (`**R7**`,
`**K-R3**`, `**DV-S1**`); every such rule must be cited by at least one of the game's tests
(`# R7`), so no rule of the page goes untested. Decisions (`Q1`, ...) are documented
choices, not rules, and need no citation of their own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop import games

ROOT = Path(__file__).resolve().parents[1]
NUMBERED_RULE = re.compile(r"^(?:[-*] )?\*\*((?:[A-Z]{1,2}-)?[A-Z]\d+[a-z]?)\b", re.MULTILINE)


def _rule_ids(game_id: str) -> list[str]:
    page = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    return sorted({rule for rule in NUMBERED_RULE.findall(page) if not rule.startswith("Q")})


@pytest.mark.parametrize("game_id", games.ids())
def test_every_numbered_rule_of_the_rules_page_is_cited_by_a_test(game_id: str) -> None:
    rules = _rule_ids(game_id)
    assert rules, f"docs/rules/{game_id}.md numbers no rule in bold"
    tests = "\n".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "tests" / "games" / game_id).glob("*.py")
    )
    uncited = [rule for rule in rules if not re.search(rf"(?<![\w-]){re.escape(rule)}(?!\w)", tests)]
    assert uncited == [], f"rules of docs/rules/{game_id}.md no test cites: {uncited}"


def test_the_rule_pattern_reads_the_usual_forms() -> None:
    page = "**R1** one\n- **K-R3** two\n* **DV-S1.** three\n**Q2** a decision\nsee **R9** later\n"
    assert sorted(NUMBERED_RULE.findall(page)) == ["DV-S1", "K-R3", "Q2", "R1"]
