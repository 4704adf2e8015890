"""One exact-cover engine: Knuth's Algorithm X with dancing links on flat integer lists.

An exact-cover problem has *items* and *options*; each option is a set of
items. A solution is a set of options that covers every *primary* item exactly
once and every *secondary* item at most once. Dominosa (one item per cell and
per domino), domino tilings (one item per cell) and DominoPeg (cells and
pieces, with the pegged holes pre-covered) are all of this form, and all three
use this module.

The representation follows Knuth's DLX1 (TAOCP 7.2.2.1), in plain lists of
ints rather than one Python object per node: node ``i`` for ``0 <= i < n_items``
heads item ``i``'s column and the options' nodes follow, one per (option, item)
pair, each with an up and a down link, its item, its option and the next and
previous node of its option. The primary items still to cover form a circular
left/right list closed by a root node; secondary items are linked to
themselves, so unlinking them changes nothing and they are never chosen. Each
search copies the lists it changes, so one :class:`ExactCover` serves any number
of searches at once. ``cover`` and ``uncover`` of an item (hiding and unhiding
the options through it) are the only code that changes a link.

The item to branch on is decided in one place, :func:`_chooser`:

``mrv``
    fewest remaining options, the leftmost item on ties (Knuth's "S heuristic").
    Instead of scanning the active items at every node, a bit set per column
    size (``by_size``) is kept up to date by cover/uncover; the choice is the
    lowest set bit of the first non-empty set;
``pile``
    the leftmost primary item not yet covered (the items in the order given);
``random``
    an active primary item drawn uniformly by a ``random.Random`` made from ``seed``.

Options in the chosen item's column are tried in their input order.

The same problem as flat int arrays, options -> items and items -> options (CSR) and
the primary flags, is :attr:`ExactCover.arrays` (:class:`CoverArrays`): what a
compiled engine reads. A Dominosa board's problem comes from its board model
(:meth:`dominosa_lab.core.board.BoardModel.exact_cover`, or its arrays directly from
:meth:`~dominosa_lab.core.board.BoardModel.cover_arrays`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from dominosa_lab.core.graph import csr
from dominosa_lab.core.options import check_choice, check_seed
from dominosa_lab.core.search import Search
from dominosa_lab.errors import ExactCoverError

__all__ = ["ORDERS", "CoverArrays", "ExactCover"]

#: The item orders of the engine, in the vocabulary of :data:`~dominosa_lab.core.options.ORDERS`.
ORDERS = ("mrv", "pile", "random")

Chooser = Callable[[], int]


@dataclass(frozen=True, eq=False)
class CoverArrays:
    """An exact-cover problem as flat int arrays (CSR both ways), as compiled engines read it.

    Option ``o`` covers ``option_items[option_starts[o]:option_starts[o + 1]]``; item ``i``
    is covered by ``item_options[item_starts[i]:item_starts[i + 1]]`` (ascending);
    ``primary[i]`` says whether item ``i`` must be covered exactly once.
    """

    option_starts: np.ndarray
    option_items: np.ndarray
    item_starts: np.ndarray
    item_options: np.ndarray
    primary: np.ndarray


class ExactCover:
    """An exact-cover problem: primary and secondary items, options as rows of item indices.

    Items ``0 .. n_primary - 1`` are primary (covered exactly once), items
    ``n_primary .. n_items - 1`` secondary (covered at most once).

    Parameters
    ----------
    n_primary, n_secondary : int
        How many items of each kind.
    options : sequence of sequences of int
        Each option lists the items it covers: distinct, at least one primary.
    names : sequence, optional
        A name per item, used in messages.
    payloads : sequence, optional
        An object per option, handed to ``search.place`` / ``search.remove`` when
        the option is tried, so that a trace shows e.g. a Placement; by default
        the option's index.

    Raises
    ------
    ExactCoverError
        If a count is negative, an option is empty, repeats an item, names an
        item out of range or no primary item (Algorithm X could never choose
        it), or ``names`` / ``payloads`` have the wrong length.

    Examples
    --------
    Knuth's example from "Dancing Links": items a..g, six options, one exact cover.

    >>> options = [[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]
    >>> ec = ExactCover(7, 0, options, names="abcdefg")
    >>> ec.n_items, ec.n_options
    (7, 6)
    >>> list(ec.solve())
    [[3, 4, 0]]

    A secondary item ``x`` (index 2) may stay uncovered, but never twice:

    >>> sorted(sorted(s) for s in ExactCover(2, 1, [[0, 2], [1, 2], [0], [1]]).solve())
    [[0, 3], [1, 2], [2, 3]]
    """

    def __init__(
        self,
        n_primary: int,
        n_secondary: int,
        options: Iterable[Sequence[int]],
        names: Sequence[Any] | None = None,
        payloads: Sequence[Any] | None = None,
    ) -> None:
        for label, count in (("n_primary", n_primary), ("n_secondary", n_secondary)):
            if not isinstance(count, (int, np.integer)) or isinstance(count, bool) or count < 0:
                raise ExactCoverError(f"{label} must be a non-negative integer, got {count!r}")
        self.n_primary = int(n_primary)
        self.n_secondary = int(n_secondary)
        self.names = tuple(range(self.n_items)) if names is None else tuple(names)
        if len(self.names) != self.n_items:
            raise ExactCoverError(f"{len(self.names)} names given for {self.n_items} items")
        self.options = tuple(self._checked(j, opt) for j, opt in enumerate(options))
        self.payloads = tuple(range(self.n_options)) if payloads is None else tuple(payloads)
        if len(self.payloads) != self.n_options:
            raise ExactCoverError(
                f"{len(self.payloads)} payloads given for {self.n_options} options")
        self._static = _Static(self.n_primary, self.n_items, self.options)

    @property
    def n_items(self) -> int:
        """Number of items, primary and secondary."""
        return self.n_primary + self.n_secondary

    @property
    def n_options(self) -> int:
        """Number of options."""
        return len(self.options)

    @cached_property
    def arrays(self) -> CoverArrays:
        """The problem as flat arrays: options -> items, items -> options, primary flags.

        Examples
        --------
        >>> a = ExactCover(2, 1, [[0, 2], [1]]).arrays
        >>> a.option_items.tolist(), a.item_starts.tolist(), a.primary.tolist()
        ([0, 2, 1], [0, 1, 2, 3], [True, True, False])
        """
        lengths = [len(option) for option in self.options]
        starts = np.zeros(self.n_options + 1, np.int64)
        np.cumsum(lengths, out=starts[1:])
        items = np.fromiter((i for option in self.options for i in option), np.int64,
                            int(starts[-1]))
        item_starts, entries = csr(items, self.n_items)
        owner = np.repeat(np.arange(self.n_options, dtype=np.int64), lengths)
        primary = np.arange(self.n_items) < self.n_primary
        return CoverArrays(starts, items, item_starts, owner[entries], primary)

    def __repr__(self) -> str:
        return (
            f"ExactCover(n_primary={self.n_primary}, n_secondary={self.n_secondary}, "
            f"n_options={self.n_options})"
        )

    def _checked(self, j: int, option: Sequence[int]) -> tuple[int, ...]:
        items = tuple(int(i) for i in option)
        if not items:
            raise ExactCoverError(f"option {j} is empty; every option covers at least one item")
        for i in items:
            if not 0 <= i < self.n_items:
                raise ExactCoverError(f"option {j} names item {i}, outside 0..{self.n_items - 1}")
        if len(set(items)) != len(items):
            raise ExactCoverError(f"option {j} lists an item twice: {items}")
        if min(items) >= self.n_primary:
            raise ExactCoverError(f"option {j} has no primary item, so it could never be chosen")
        return items

    def solve(
        self,
        search: Search | None = None,
        order: str = "mrv",
        seed: int | np.random.Generator | None = None,
        covered: Iterable[int] = (),
        forced: Iterable[int] = (),
        build: Callable[[list[int]], Any] | None = None,
    ) -> Iterator[Any]:
        """Stream the exact covers, each a list of option indices in the order chosen.

        Parameters
        ----------
        search : Search, optional
            Receives ``choice(k)`` before each branch (``k`` = options of the chosen
            item), ``place(payload)`` / ``remove(payload)`` for every option tried and
            taken back, ``found(solution)`` before each yield; its budget stops the
            run by raising :class:`~dominosa_lab.core.search.SearchStopped` (not caught here).
        order : {"mrv", "pile", "random"}
            The item-choice heuristic (see the module docstring).
        seed : int or numpy.random.Generator, optional
            The randomness of ``order="random"`` (``None`` means seed 0).
        covered : iterable of int
            Items covered before the search starts: they need no option and no
            option containing them is used (DominoPeg's pegged holes).
        forced : iterable of int
            Options taken before the search starts (a partial solution); they open
            every yielded solution and are not counted as nodes.
        build : callable, optional
            Turns each list of option indices into the object yielded (and passed
            to ``search.found``), e.g. a Dominosa ``Solution``.

        Raises
        ------
        ExactCoverError
            For an unknown ``order``, an item or option out of range, an item
            covered twice by ``covered`` and ``forced`` together.

        Examples
        --------
        >>> ec = ExactCover(4, 0, [[0, 1], [2, 3], [0, 2], [1, 3], [0]])
        >>> [sorted(s) for s in ec.solve(order="pile")]
        [[0, 1], [2, 3]]
        >>> list(ec.solve(forced=[2]))
        [[2, 3]]
        >>> [sorted(s) for s in ec.solve(covered=[1, 2, 3])]
        [[4]]
        """
        check_choice("order", order, ORDERS, "the exact-cover engine")
        seed = check_seed("seed", seed)
        search = Search() if search is None else search
        links = _Links(self._static, sizes=order == "mrv")
        start = self._prepare(links, covered, forced)
        choose = _chooser(order, links, seed)
        return self._run(links, choose, search, start, build)

    def _prepare(self, links: _Links, covered: Iterable[int], forced: Iterable[int]) -> list[int]:
        """Cover the pre-covered items and the forced options' items; the forced option list."""
        owner: dict[int, str] = {}

        def take(item: int, why: str) -> None:
            if not 0 <= item < self.n_items:
                raise ExactCoverError(f"{why} names item {item}, outside 0..{self.n_items - 1}")
            if item in owner:
                raise ExactCoverError(
                    f"item {self.names[item]!r} is covered twice: by {owner[item]} and by {why}"
                )
            owner[item] = why
            links.cover(item)

        for item in covered:
            take(int(item), "the pre-covered items")
        start = [int(j) for j in forced]
        for j in start:
            if not 0 <= j < self.n_options:
                raise ExactCoverError(f"forced option {j} is outside 0..{self.n_options - 1}")
            for item in self.options[j]:
                take(item, f"forced option {j}")
        return start

    def _run(
        self,
        links: _Links,
        choose: Chooser,
        search: Search,
        start: list[int],
        build: Callable[[list[int]], Any] | None,
    ) -> Iterator[Any]:
        """Algorithm X, iteratively: one stack entry per level, the option node tried there."""
        n_items = self.n_items
        payloads = self.payloads
        down, row, length, top = links.down, links.row, links.length, links.top
        right, root, succ, pred = links.right, links.root, links.succ, links.pred
        cover, uncover = links.cover, links.uncover
        stack: list[int] = []
        while True:
            if right[root] == root:
                rows = start + [row[x] for x in stack]
                solution = rows if build is None else build(rows)
                search.found(solution)
                yield solution
                x = -1  # no item was covered at this level
            else:
                item = choose()
                k = length[item]
                search.choice(k)
                if not k and search.tracing:
                    search.dead_end(f"item {self.names[item]!r} has no option left")
                cover(item)
                x = down[item]
            while x < n_items:  # at the item's header (or -1): this level is done
                if x >= 0:
                    uncover(x)
                if not stack:
                    return
                x = stack.pop()
                _around(x, pred, uncover, top)
                search.remove(payloads[row[x]])
                x = down[x]
            search.place(payloads[row[x]])
            _around(x, succ, cover, top)
            stack.append(x)


class _Links:
    """The dancing links of one search: flat lists of ints, changed only by cover and uncover.

    Per node: ``up``/``down`` (column links), ``top`` (its item), ``row`` (its
    option), ``succ``/``pred`` (the next/previous node of its option, cyclic).
    Per item: ``length`` (options left), ``left``/``right`` (the active list,
    root at index ``n_items``). ``by_size[k]`` is a bit set of the active
    primary items with ``k`` options left, so the leftmost item of least size is
    its lowest set bit; it is kept only when ``sizes`` is true (for ``mrv``),
    because keeping it costs the other heuristics about 45% of their speed.
    """

    def __init__(self, problem: _Static, sizes: bool) -> None:
        self.n_primary, self.root = problem.n_primary, problem.root
        self.top, self.row = problem.top, problem.row
        self.succ, self.pred = problem.succ, problem.pred
        self.up, self.down = list(problem.up), list(problem.down)
        self.length, self.by_size = list(problem.length), list(problem.by_size)
        self.left, self.right = list(problem.left), list(problem.right)
        self.cover, self.uncover = _covers(self, problem.bit, problem.n_primary if sizes else 0)

    def active(self) -> list[int]:
        """The primary items not yet covered, left to right."""
        right, root = self.right, self.root
        out = []
        i = right[root]
        while i != root:
            out.append(i)
            i = right[i]
        return out


def _around(x: int, step: list[int], act: Callable[[int], None], top: list[int]) -> None:
    """Apply ``act`` to the item of every other node of ``x``'s option, in ``step`` order.

    With ``succ`` and ``cover`` it takes an option; with ``pred`` and ``uncover`` it undoes that.
    """
    q = step[x]
    while q != x:
        act(top[q])
        q = step[q]


def _covers(
    links: _Links, bit: list[int], tracked: int
) -> tuple[Callable[[int], None], Callable[[int], None]]:
    """Knuth's cover and uncover of an item, as closures over the lists of ``links``.

    ``by_size`` follows the items below ``tracked``: all primary items, or none.
    """
    up, down, top, succ, pred = links.up, links.down, links.top, links.succ, links.pred
    length, by_size, left, right = links.length, links.by_size, links.left, links.right

    def cover(item: int) -> None:
        """Take ``item`` off the active list and every option through it out of other columns."""
        left[right[item]] = left[item]
        right[left[item]] = right[item]
        if item < tracked:
            by_size[length[item]] ^= bit[item]
        p = down[item]
        while p != item:
            q = succ[p]
            while q != p:
                u, d = up[q], down[q]
                down[u] = d
                up[d] = u
                t = top[q]
                k = length[t]
                length[t] = k - 1
                if t < tracked:
                    b = bit[t]
                    by_size[k] ^= b
                    by_size[k - 1] |= b
                q = succ[q]
            p = down[p]

    def uncover(item: int) -> None:
        """Undo :func:`cover` of ``item``, in exactly the reverse order."""
        p = up[item]
        while p != item:
            q = pred[p]
            while q != p:
                up[down[q]] = q
                down[up[q]] = q
                t = top[q]
                k = length[t]
                length[t] = k + 1
                if t < tracked:
                    b = bit[t]
                    by_size[k] ^= b
                    by_size[k + 1] |= b
                q = pred[q]
            p = up[p]
        if item < tracked:
            by_size[length[item]] |= bit[item]
        left[right[item]] = item
        right[left[item]] = item

    return cover, uncover


class _Static:
    """The initial links of a problem, built once; every search copies the lists it changes."""

    def __init__(self, n_primary: int, n_items: int, options: Sequence[Sequence[int]]) -> None:
        n_nodes = n_items + sum(len(opt) for opt in options)
        self.n_primary, self.root = n_primary, n_items
        self.up, self.down = list(range(n_nodes)), list(range(n_nodes))
        self.top, self.row = list(range(n_nodes)), [-1] * n_nodes
        self.succ, self.pred = list(range(n_nodes)), list(range(n_nodes))
        self.length = [0] * n_items
        node = n_items
        for j, opt in enumerate(options):
            first, last = node, node + len(opt) - 1
            for item in opt:
                self._append(node, item, j)
                self.succ[node] = node + 1 if node < last else first
                self.pred[node] = node - 1 if node > first else last
                node += 1
        chain = [*range(n_primary), self.root]  # secondary items stay linked to themselves
        self.left, self.right = list(range(n_items + 1)), list(range(n_items + 1))
        for a, b in zip(chain, chain[1:] + chain[:1], strict=True):
            self.right[a], self.left[b] = b, a
        self.bit = [1 << i for i in range(n_primary)]
        self.by_size = [0] * (max(self.length, default=0) + 2)
        for item in range(n_primary):
            self.by_size[self.length[item]] |= self.bit[item]

    def _append(self, node: int, item: int, option: int) -> None:
        """Put ``node`` at the bottom of ``item``'s column."""
        last = self.up[item]
        self.up[node], self.down[node] = last, item
        self.down[last] = self.up[item] = node
        self.top[node], self.row[node] = item, option
        self.length[item] += 1


def _chooser(order: str, links: _Links, seed: int | np.random.Generator | None) -> Chooser:
    """The item-choice heuristic: the one place where ``order`` is decided."""
    by_size, right, root = links.by_size, links.right, links.root
    if order == "pile":
        return lambda: right[root]
    if order == "random":
        rng = _rng(seed)
        return lambda: rng.choice(links.active())

    def mrv() -> int:
        k = 0
        while not by_size[k]:
            k += 1
        items = by_size[k]
        return (items & -items).bit_length() - 1

    return mrv


def _rng(seed: int | np.random.Generator | None) -> random.Random:
    """A ``random.Random`` from an int seed (``None`` is 0) or drawn from a numpy Generator."""
    if isinstance(seed, np.random.Generator):
        return random.Random(int(seed.integers(2**63)))
    return random.Random(0 if seed is None else seed)
