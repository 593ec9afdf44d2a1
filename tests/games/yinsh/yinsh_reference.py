"""An independent YINSH rules engine, for cross-checking `tabletop.games.yinsh` in tests.

Written differently on purpose and sharing no code with the package: the board comes from
the Euclidean description of `docs/rules/yinsh.md` 2.1 (lattice points within radius 4.6), the
position is a dict from (q, r) to pieces, rows are found by walking every line point by
point, and the resolution order of YI-R8 is a queue of seats. Only the facts are shared:
the rules and the notation (``F6``, ``F6F9``, ``row:E2E6``, ``remove:F6``, ``pass``).
"""

from __future__ import annotations

LETTERS = "ABCDEFGHIJK"
RADIUS_SQUARED = 4.6**2
BOARD = frozenset(
    (q, r) for q in range(-6, 7) for r in range(-6, 7) if q * q - q * r + r * r <= RADIUS_SQUARED
)
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
FORWARD_STEPS = ((0, 1), (1, 0), (1, 1))
POOL = 51

Point = tuple[int, int]


def name(point: Point) -> str:
    return f"{LETTERS[point[0] + 5]}{point[1] + 6}"


def parse(text: str) -> Point:
    return LETTERS.index(text[0]) - 5, int(text[1:]) - 6


class Reference:
    """A YINSH game: `actions()` lists the legal ids of the seat `who`, `play(id)` plays one."""

    def __init__(self, rings_to_win: int = 3) -> None:
        self.rings: dict[Point, int] = {}
        self.markers: dict[Point, int] = {}
        self.unplaced = [5, 5]
        self.removed = [0, 0]
        self.rings_to_win = rings_to_win
        self.step = "place"
        self.who = 0
        self.mover = 0
        self.queue: list[int] = []

    @classmethod
    def from_position(
        cls,
        *,
        white_rings: list[str],
        black_rings: list[str],
        white_markers: list[str],
        black_markers: list[str],
        to_move: int = 0,
        removed: tuple[int, int] = (0, 0),
        rings_to_win: int = 3,
    ) -> Reference:
        game = cls(rings_to_win)
        for colour, points in enumerate((white_rings, black_rings)):
            game.rings.update((parse(point), colour) for point in points)
        for colour, points in enumerate((white_markers, black_markers)):
            game.markers.update((parse(point), colour) for point in points)
        game.unplaced = [0, 0]
        game.removed = list(removed)
        game.mover = 1 - to_move
        game._next_turn()
        return game

    def copy(self) -> Reference:
        other = Reference(self.rings_to_win)
        other.rings, other.markers = dict(self.rings), dict(self.markers)
        other.unplaced, other.removed, other.queue = list(self.unplaced), list(self.removed), list(self.queue)
        other.step, other.who, other.mover = self.step, self.who, self.mover
        return other

    # -- questions --------------------------------------------------------------------------

    def actions(self) -> list[str]:
        if self.step == "place":
            return sorted(name(p) for p in BOARD if p not in self.rings)
        if self.step == "move":
            return sorted(self._ring_moves(self.who))
        if self.step == "pass":
            return ["pass"]
        if self.step == "row":
            return sorted(f"row:{name(a)}{name(b)}" for a, b in self._rows(self.who))
        if self.step == "ring":
            return sorted(f"remove:{name(p)}" for p, colour in self.rings.items() if colour == self.who)
        return []

    def _ring_moves(self, colour: int) -> list[str]:
        moves = []
        for start, owner in self.rings.items():
            if owner != colour:
                continue
            for dq, dr in STEPS:
                point, over_markers = (start[0] + dq, start[1] + dr), False
                while point in BOARD and point not in self.rings:
                    if point in self.markers:
                        over_markers = True
                    else:
                        moves.append(name(start) + name(point))
                        if over_markers:
                            break
                    point = (point[0] + dq, point[1] + dr)
        return moves

    def _rows(self, colour: int) -> list[tuple[Point, Point]]:
        found = []
        for q, r in BOARD:
            for dq, dr in FORWARD_STEPS:
                five = [(q + k * dq, r + k * dr) for k in range(5)]
                if all(self.markers.get(point) == colour for point in five):
                    found.append((five[0], five[-1]))
        return found

    # -- moves ------------------------------------------------------------------------------

    def play(self, action: str) -> None:
        assert action in self.actions(), (action, self.actions())
        if self.step == "place":
            self.rings[parse(action)] = self.who
            self.unplaced[self.who] -= 1
            if sum(self.unplaced):
                self.who = 1 - self.who
            else:
                self.mover = 1  # so that White, seat 0, has the first move
                self._next_turn()
        elif self.step == "move":
            self._move(action)
        elif self.step == "pass":
            self.mover = self.who
            self._next_turn()
        elif self.step == "row":
            self._take_row(action)
        else:
            self._take_ring(parse(action[len("remove:") :]))

    def _move(self, action: str) -> None:
        split = 3 if action[2].isdigit() else 2
        start, end = parse(action[:split]), parse(action[split:])
        dq = (end[0] > start[0]) - (end[0] < start[0])
        dr = (end[1] > start[1]) - (end[1] < start[1])
        point = (start[0] + dq, start[1] + dr)
        while point != end:
            if point in self.markers:
                self.markers[point] = 1 - self.markers[point]
            point = (point[0] + dq, point[1] + dr)
        del self.rings[start]
        self.rings[end] = self.who
        self.markers[start] = self.who
        self.mover = self.who
        self.queue = [self.who, 1 - self.who]
        self._resolve()

    def _take_row(self, action: str) -> None:
        ends = action[len("row:") :]
        split = 3 if ends[2].isdigit() else 2
        start, end = parse(ends[:split]), parse(ends[split:])
        step = ((end[0] - start[0]) // 4, (end[1] - start[1]) // 4)
        for k in range(5):
            del self.markers[(start[0] + k * step[0], start[1] + k * step[1])]
        self.step = "ring"

    def _take_ring(self, point: Point) -> None:
        del self.rings[point]
        self.removed[self.who] += 1
        if self.removed[self.who] == self.rings_to_win:
            self.step = "over"
        else:
            self._resolve()

    def _resolve(self) -> None:
        while self.queue:
            if self._rows(self.queue[0]):
                self.step, self.who = "row", self.queue[0]
                return
            self.queue.pop(0)
        if len(self.markers) == POOL:
            self.step = "over"
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        player = 1 - self.mover
        if self._ring_moves(player):
            self.step, self.who = "move", player
        elif self._ring_moves(1 - player):
            self.step, self.who = "pass", player
        else:
            self.step = "over"


def perft(game: Reference, depth: int) -> int:
    """Leaf count of the decision tree `depth` decisions deep (a finished game is one leaf)."""
    actions = game.actions()
    if depth == 0 or not actions:
        return 1
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = game.copy()
        child.play(action)
        total += perft(child, depth - 1)
    return total
