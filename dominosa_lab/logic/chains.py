"""Tatham's forcing chains: placements that stand or fall together.

A square with exactly two active placements is covered by exactly one of them,
so the two have opposite truth values. Linking placements through such squares
splits each linked group into two *sides*: in every solution one side is used
entirely and the other not at all. (A group is a path or a cycle of placements
through squares of two options, i.e. a path or cycle of the board's grid graph;
a cycle of the grid has even length, so the two-colouring never conflicts.)
A side is a *chain*; the two sides of a group are *complementary*. A placement
in no such square is a chain of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa_lab.logic.geometry import Geometry, bits
from dominosa_lab.logic.state import State
from dominosa_lab.logic.step import Step

__all__ = ["Chains", "forcing_chains"]

LEVEL = "extreme"


class Chains:
    """The chains of one state: ``chain[p]`` is ``2 * group + side`` for every active placement
    (-1 for one ruled out), groups numbered in the order of their lowest placement.

    ``members[c]`` is the bit set of chain ``c``; ``links[g]`` the two-option squares
    of group ``g``. Chains ``c`` and ``c ^ 1`` are complementary.
    """

    def __init__(self, g: Geometry, active: int) -> None:
        partners: dict[int, list[tuple[int, int]]] = {}
        for square, mask in enumerate(g.cell_mask):
            live = active & mask
            if live.bit_count() == 2:
                p, q = bits(live)
                partners.setdefault(p, []).append((q, square))
                partners.setdefault(q, []).append((p, square))
        self.chain = [-1] * len(g.pairs)
        self.members: list[int] = []
        self.links: list[tuple[int, ...]] = []
        for p in bits(active):
            if self.chain[p] < 0:
                self._walk(p, partners)

    def _walk(self, start: int, partners: dict[int, list[tuple[int, int]]]) -> None:
        group = len(self.links)
        sides = [0, 0]
        links: set[int] = set()
        self.chain[start] = 2 * group
        todo = [start]
        while todo:
            p = todo.pop()
            sides[self.chain[p] & 1] |= 1 << p
            for q, square in partners.get(p, ()):
                links.add(square)
                if self.chain[q] < 0:
                    self.chain[q] = self.chain[p] ^ 1
                    todo.append(q)
        self.members.extend(sides)
        self.links.append(tuple(sorted(links)))


def forcing_chains(state: State) -> Iterator[Step]:
    """Rule out chains that cannot be used, and placements that complementary chains exclude.

    Sound, form by form, since in every solution a chain is used entirely or not at
    all, and exactly one of two complementary chains is used. The chains are found
    once, at the start (as Tatham does); the three forms read the live state:

    * ``forcing_chain_duplicate``: a chain holding two placements of one domino cannot
      be used entirely (the domino would be used twice), so it is not used at all.
      If any chain goes this way, the firing ends there.
    * ``forcing_chain_square``: for a square S (two or more placements) and a chain X
      that contains none of S's placements but an active placement of every domino S
      could hold: if X were used, each domino S could take would be used elsewhere
      and S could not be covered; so X is not used. Squares in reading order.
    * ``forcing_chain_complementary``: if a domino (three or more placements) has one
      placement in each of two complementary chains, one of the two is used (exactly
      one chain is), so every other placement of the domino is ruled out.
    """
    g = state.geometry
    chains = Chains(g, state.active)
    duplicated = False
    for c, members in enumerate(chains.members):
        if members & (members - 1) and _repeats(g, members):
            duplicated = True
            yield Step("forcing_chain_duplicate", LEVEL, g, _explain_duplicate, ruled_out=members,
                       squares=chains.links[c >> 1], reads=members)
    if duplicated:
        return
    yield from _square_chains(state, chains)
    yield from _complementary(state, chains)


def _repeats(g: Geometry, members: int) -> bool:
    seen: set[int] = set()
    for p in bits(members):
        if g.domino_of[p] in seen:
            return True
        seen.add(g.domino_of[p])
    return False


def _square_chains(state: State, chains: Chains) -> Iterator[Step]:
    g = state.geometry
    chain = chains.chain
    holding: dict[int, set[int]] = {}  # per domino, the chains of its active placements
    read = state.active
    for square, mask in state.scan(enumerate(g.cell_mask)):
        live = state.active & mask
        if not live & (live - 1):
            continue
        if state.active is not read:  # a step was applied: read the dominoes again
            holding.clear()
            read = state.active
        here = bits(live)
        own = {chain[p] for p in here}
        common: set[int] | None = None
        for q in here:
            holders = _holders(g, state.active, chain, g.domino_of[q], holding) - own
            common = holders if common is None else common & holders
            if not common:
                break
        for c in sorted(common or ()):
            members = chains.members[c]
            yield Step("forcing_chain_square", LEVEL, g, _explain_square, ruled_out=members,
                       squares=(square, *chains.links[c >> 1]), reads=members | live,
                       facts=(square, live))


def _holders(g: Geometry, active: int, chain: list[int], d: int,
             holding: dict[int, set[int]]) -> set[int]:
    """The chains holding an ``active`` placement of domino ``d``, kept in ``holding``."""
    found = holding.get(d)
    if found is None:
        found = holding[d] = {chain[p] for p in bits(active & g.domino_mask[d])}
    return found


def _complementary(state: State, chains: Chains) -> Iterator[Step]:
    g = state.geometry
    chain = chains.chain
    for d, mask in state.scan(enumerate(g.domino_mask)):
        live = state.active & mask
        if live.bit_count() < 3:
            continue
        by_chain: dict[int, int] = {}
        for p in bits(live):
            by_chain.setdefault(chain[p], p)
        pair = next(((by_chain[c], by_chain[c ^ 1]) for c in sorted(by_chain) if c ^ 1 in by_chain),
                    None)
        if pair is None:
            continue
        c = chain[pair[0]]
        side, other = chains.members[c], chains.members[c ^ 1]
        yield Step("forcing_chain_complementary", LEVEL, g, _explain_complementary,
                   ruled_out=live & ~((1 << pair[0]) | (1 << pair[1])),
                   squares=chains.links[c >> 1], dominoes=(d,), reads=side | other,
                   facts=(pair, side, other))


def _explain_duplicate(step: Step) -> str:
    g = step.geometry
    seen: dict[int, int] = {}
    for p in bits(step.read_mask):
        d = g.domino_of[p]
        if d in seen:
            twice = (f"{step.domino_text(d)} twice ({step.placement_text(seen[d])} and "
                     f"{step.placement_text(p)})")
            break
        seen[d] = p
    return (f"the placements {step.placements_text(step.read_mask)} stand or fall together (each "
            f"square between them has only two choices), and they hold {twice}; so none of "
            f"them is used")


def _explain_square(step: Step) -> str:
    square, live = step.facts
    g = step.geometry
    dominoes = sorted({g.domino_of[p] for p in bits(live)})
    listed = " or ".join(step.domino_text(d) for d in dominoes)
    return (f"the placements {step.placements_text(step.ruled_out_mask)} stand or fall together; "
            f"if they were used, square {step.cell_text(square)}, which can only hold {listed}, "
            f"would find each of them used elsewhere; so none of them is used")


def _explain_complementary(step: Step) -> str:
    (p, q), side, other = step.facts
    return (f"the chains [{step.placements_text(side)}] and [{step.placements_text(other)}] "
            f"alternate through squares with two choices, so exactly one of them is used; "
            f"{step.domino_text(step.domino_indices[0])} lies in both "
            f"(at {step.placement_text(p)} and {step.placement_text(q)}); so it goes at one of "
            f"those two and nowhere else{step.outcome()}")
