"""Postcards as data (§1.1–1.2 of docs/rules/rolltothetop.md): loading, checking, the catalogue."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from rolltothetop_positions import T12, T12_FILE, t12

from tabletop.games.rolltothetop import GAME
from tabletop.games.rolltothetop.board import (
    DATA_DIR,
    DOT,
    HANGING,
    SUPPORTED,
    PostcardError,
    catalogue,
    load_postcard,
    parse_postcard,
)


def t12_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(T12_FILE.read_text())
    return data


def test_t12_loads_from_its_file_as_the_rules_draw_it() -> None:
    # §1.2: four dot boxes in row 0, c2 on b2 only, c3 hanging, d0 on c0 and c1.
    kinds = {box.id: box.kind for box in T12.boxes}
    assert [box for box, kind in kinds.items() if kind == DOT] == ["a0", "a1", "a2", "a3"]
    assert [box for box, kind in kinds.items() if kind == HANGING] == ["c3"]
    assert kinds["b1"] == SUPPORTED
    below = {box.id: [T12.boxes[other].id for other in box.below] for box in T12.boxes}
    assert below["c2"] == ["b2"] and below["d0"] == ["c0", "c1"] and below["c3"] == []


def test_derived_neighbours_equal_the_written_ones_on_t12() -> None:
    # §1.1: leaving out below and side derives them as for a brick wall; T12 is such a wall.
    data = t12_data()
    for box in data["boxes"]:
        del box["below"], box["side"]
    derived = parse_postcard(data, "t12 without neighbours")
    assert derived.to_json() == T12.to_json()


def test_a_transcribed_postcard_drops_in_as_one_file(tmp_path: Path) -> None:
    # §1.1: the catalogue is whatever files the directory holds; T12 joins with no code change.
    for path in DATA_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    shutil.copy(T12_FILE, tmp_path / "t12.json")
    postcards = catalogue(tmp_path)
    assert list(postcards) == ["bridge", "clocktower", "lighthouse", "t12", "windmill"]
    state = t12({}, faces={"d6": 4})
    assert state.postcard.to_json() == postcards["t12"].to_json()
    state.apply(0, "a0=d6")
    assert state.sheets[0][0] == 4


def test_our_postcards_are_the_table_choices() -> None:
    # §1.2: four designs of 12, 18, 24 and 30 boxes, each with all three kinds; the default is 18.
    postcards = catalogue()
    sizes = {name: len(postcard) for name, postcard in postcards.items()}
    assert sizes == {"bridge": 24, "clocktower": 30, "lighthouse": 12, "windmill": 18}
    for postcard in postcards.values():
        assert {box.kind for box in postcard.boxes} == {DOT, SUPPORTED, HANGING}
        assert "Tabletop" in postcard.credit and "not a postcard of the published game" in postcard.credit
    assert GAME.options["postcard"].choices == ("bridge", "clocktower", "lighthouse", "windmill", "random")
    assert GAME.options["postcard"].default == "windmill"


def test_the_random_postcard_is_drawn_from_the_seed() -> None:
    drawn = {GAME.new_state(1, {"postcard": "random"}, seed).to_json()["postcard"] for seed in range(40)}
    assert drawn == {"bridge", "clocktower", "lighthouse", "windmill"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.pop("title"), "field 'title' is missing"),
        (lambda data: data.update(colour="red"), "unknown field 'colour'"),
        (lambda data: data.update(name="Random Card"), "field 'name'"),
        (lambda data: data.update(name="random"), "field 'name'"),
        (lambda data: data.update(boxes=[]), "field 'boxes'"),
        (lambda data: data["boxes"][3].update(x=-2), r"boxes\[3\] \('a3'\): field 'x'"),
        (lambda data: data["boxes"][3].update(row="0"), r"boxes\[3\] \('a3'\): field 'row'"),
        (lambda data: data["boxes"][0].update(dot="yes"), r"boxes\[0\] \('a0'\): field 'dot'"),
        (lambda data: data["boxes"][1].update(id="a0"), r"boxes\[1\]: field 'id' repeats 'a0'"),
        (lambda data: data["boxes"][1].update(id="b-1"), r"boxes\[1\]: field 'id'"),
        (
            lambda data: data["boxes"][4].update(below=["a0", "zz"]),
            "box 'b0': field 'below' names unknown box 'zz'",
        ),
        (lambda data: data["boxes"][4].update(below=["c0"]), "box 'b0': field 'below' names 'c0'"),
        (lambda data: data["boxes"][4].update(side=["a0"]), "box 'b0': field 'side' names 'a0'"),
        (lambda data: data["boxes"][4].update(below="a0"), "box 'b0': field 'below' must be a list"),
        (lambda data: data["boxes"][1].update(x=1), "box 'a1': field 'x' puts it over box 'a0'"),
        (lambda data: data["boxes"][10].update(side=[]), "box 'c3' can never be filled"),
    ],
)
def test_a_bad_postcard_is_refused_naming_the_field(change: Any, message: str) -> None:
    data = t12_data()
    change(data)
    with pytest.raises(PostcardError, match=message):
        parse_postcard(data, "bad.json")


def test_an_unreadable_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    with pytest.raises(PostcardError, match=r"broken\.json: not a readable JSON file"):
        load_postcard(broken)


def test_two_files_with_one_name_are_refused(tmp_path: Path) -> None:
    shutil.copy(T12_FILE, tmp_path / "t12.json")
    shutil.copy(T12_FILE, tmp_path / "t12-copy.json")
    with pytest.raises(PostcardError, match="field 'name' repeats 't12'"):
        catalogue(tmp_path)


def test_a_saved_game_on_an_unknown_postcard_is_refused_by_name() -> None:
    saved = t12({}, faces={"d6": 4}).to_json()
    with pytest.raises(ValueError, match="no postcard 't12' in data/"):
        GAME.state_from_json(saved)
