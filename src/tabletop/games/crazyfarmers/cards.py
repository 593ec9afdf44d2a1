"""`BonusCards`: which bonus cards a farmer may play and what they do (R50–R60).

Cards are a concept of their own: they add the targets of the actions (a seat, a crossroad,
a plot, a path) and the hay-bale steps, on top of the farm of `farm`.
"""

from __future__ import annotations

from tabletop.engine import ActionId, Seat
from tabletop.games.crazyfarmers.board import (
    CROSSROAD_BY_NAME,
    CROSSROAD_NAMES,
    CROSSROAD_PLOTS,
    PATH_BY_NAME,
    PATH_NAMES,
    PLOT_BY_NAME,
    PLOT_CORNERS,
    PLOT_NAMES,
    Crossroad,
    PathId,
    Plot,
    plots_of,
)
from tabletop.games.crazyfarmers.farm import Farm
from tabletop.games.crazyfarmers.rules import (
    BALE_1,
    BALE_2,
    BRIBE,
    DYNAMITE,
    HELICOPTER,
    MAX_ALLOWANCE,
    MAX_BALES,
    NITRO_1,
    NITRO_2,
    RUT,
    VOLTAGE,
    WATCHDOG,
    adjacent_plots,
    bale_spots,
    closes_hole,
    splits_field,
)

LIFT, PLACE_BALE = "lift", "bale"


class BonusCards(Farm):
    """The card actions of the farmer to move, and their effects."""

    __slots__ = ()

    def helicopter_spots(self, seat: Seat) -> list[Crossroad]:
        """R55: crossroads of the own field, off other fences, free of tractors, not the tractor's own."""
        if self.fences[seat]:
            return []
        fenced = {c for other in range(self.players) if other != seat for c in self.fences[other]}
        corners = {c for plot in plots_of(self.fields[seat]) for c in PLOT_CORNERS[plot]}
        return sorted(c for c in corners if c not in fenced and c not in self.tractors)

    def bribe_targets(self, seat: Seat) -> list[Plot]:
        """R57: the opponent plots next to the field that Bribe may take."""
        if self.players > 2 and self._total(seat) + 1 >= self.goal:
            return []  # g: never the last plot of an own goal
        targets = []
        field = self.fields[seat]
        for other in range(self.players):
            if other == seat or self.eliminated[other] or self.has_effect(other, WATCHDOG):
                continue  # c
            theirs = self.fields[other]
            if theirs.bit_count() < 2:
                continue  # b
            anchor = self.fences[other][0] if self.fences[other] else self.tractors[other]
            untouchable = (
                self.free_barns | self.occupied_barns | (CROSSROAD_PLOTS[anchor] if anchor >= 0 else 0)
            )
            for plot in plots_of(adjacent_plots(field) & theirs & ~untouchable):  # a, d
                if not splits_field(theirs, plot) and not closes_hole(field, plot):  # e, f
                    targets.append(plot)
        return sorted(targets)

    def _pending_ids(self) -> list[ActionId]:
        if self.pending[0] == LIFT:
            return [f"{LIFT} {PATH_NAMES[p]}" for p in plots_of(self.bales)]
        return [
            f"{PLACE_BALE} {PATH_NAMES[p]}" for p in plots_of(bale_spots(self.bales, self.fenced_paths()))
        ]

    def _card_ids(self, seat: Seat) -> list[ActionId]:
        ids: list[ActionId] = []
        for card in sorted(set(self.hands[seat])):
            if card in (NITRO_1, NITRO_2, VOLTAGE, WATCHDOG):
                ids.append(card)
            elif card in (BALE_1, BALE_2):
                if bale_spots(self.bales, self.fenced_paths()):
                    ids.append(card)
            elif card == RUT:
                ids += [f"{RUT} {o}" for o in range(self.players) if o != seat and not self.eliminated[o]]
            elif card == HELICOPTER:
                ids += [f"{HELICOPTER} {CROSSROAD_NAMES[c]}" for c in self.helicopter_spots(seat)]
            elif card == BRIBE:
                ids += [f"{BRIBE} {PLOT_NAMES[p]}" for p in self.bribe_targets(seat)]
            elif card == DYNAMITE:
                ids += [f"{DYNAMITE} {PATH_NAMES[p]}" for p in plots_of(self.bales)]
        return ids

    def _play(self, seat: Seat, card: str, target: str) -> None:
        """R50–R58: one card from the hand, with its target."""
        self._blocked = None  # Helicopter lets the tractor through whole fences (R14e)
        self.hands[seat].remove(card)
        self.last_move = {"seat": seat, "kind": "card", "card": card, "target": target or None, "cut": []}
        if card in (NITRO_1, NITRO_2):
            self.allowance = min(self.allowance + (1 if card == NITRO_1 else 2), MAX_ALLOWANCE)
            self.effects[seat].append(card)
        elif card in (VOLTAGE, WATCHDOG):
            self.effects[seat].append(card)
        elif card == RUT:
            self.effects[int(target)].append(card)
        elif card == HELICOPTER:
            self.tractors[seat] = CROSSROAD_BY_NAME[target]
            self.powered[seat] = self.heliported = True
            self.effects[seat].append(card)
        else:
            self.discard_pile.append(card)
            self._play_discarded(seat, card, target)

    def _play_discarded(self, seat: Seat, card: str, target: str) -> None:
        if card == DYNAMITE:
            self.bales &= ~(1 << PATH_BY_NAME[target])
        elif card == BRIBE:
            plot = PLOT_BY_NAME[target]
            for other in range(self.players):
                self.fields[other] &= ~(1 << plot)
            self.fields[seat] |= 1 << plot
            self._after_loss(seat)
            self._annex_if_closed(seat)
        else:
            count = 1 if card == BALE_1 else 2
            lifts = max(0, self.bales.bit_count() + count - MAX_BALES)
            self.pending = [LIFT] * lifts + [PLACE_BALE] * count

    def _bale_step(self, seat: Seat, step: str, path: PathId) -> None:
        """R56: remove a bale to stay within eight, or lay one."""
        self.pending.pop(0)
        if step == LIFT:
            self.bales &= ~(1 << path)
        else:
            self.bales |= 1 << path
        self.last_move = {"seat": seat, "kind": step, "path": PATH_NAMES[path], "cut": []}
