"""Random domino tilings, chosen by name from :data:`SAMPLERS`.

A sampler is a function ``sampler(mask, rng) -> placements``: it receives the
board as a boolean mask (see :func:`dominosa_lab.tilings.board_mask`) and a
``numpy.random.Generator``, and returns Placements covering every cell once,
drawing all its randomness from ``rng``. Adding one is one function and one
line in :data:`SAMPLERS`; :func:`dominosa_lab.boards.planted.random_puzzle` then
accepts its name as ``tiling=``.

What each sampler samples:

``uniform``
    every tiling equally likely, exactly: ``temperley`` when the board is a full
    rectangle with one odd side (every default Dominosa board), else ``transfer``.
``temperley``
    exactly uniform on a full odd x even rectangle: Wilson's algorithm draws a
    uniform spanning tree of the graph whose Temperley double is the board, and
    the Temperley bijection (Kenyon, Propp and Wilson, "Trees and matchings",
    2000) turns it into a tiling. Linear-ish time: a 61 x 62 board takes milliseconds.
``transfer``
    exactly uniform on any board (gaps allowed) whose shorter side is at most
    :data:`MAX_SAMPLE_WIDTH`: the broken-profile transfer matrix weighs every
    partial tiling, then the cells are decided backwards in proportion to the
    number of completions (weights in floating point, so "exact" up to double
    rounding, relative error about 1e-13).
``flips``
    *approximately* uniform, for boards no exact sampler takes: a perfect
    matching as the start, then random 2x2 rotations (each tried with
    probability 1/2). On a simply connected board the rotations connect all
    tilings (Thurston) and the chain converges to uniform, but its mixing time
    grows like ``L**2 log L`` sweeps of an ``L x L`` board, far above the default
    ``FLIP_SWEEPS``; on a board with holes the rotations cannot change the
    height-function flux around a hole, so it never reaches every tiling.
``parity``
    *not* uniform: Gary Darby's method (:mod:`dominosa_lab.tilings.parity`),
    random placements that never leave an odd open group, with his bounds of
    1000 attempts per build and 10 builds; notebook 04 measures its bias. It
    can fail on large boards, where nearly every build dead-ends.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

import numpy as np

from dominosa_lab.core.graph import Matching
from dominosa_lab.core.puzzle import Placement
from dominosa_lab.errors import PuzzleError
from dominosa_lab.tilings.count import cell_moves, mask_cells, mask_pairs, narrow, profile_step
from dominosa_lab.tilings.parity import parity_sampler

__all__ = [
    "FLIP_SWEEPS",
    "MAX_SAMPLE_WIDTH",
    "SAMPLERS",
    "checked_tiling",
    "exact_sampler_takes",
    "flip_tiling",
    "get_sampler",
    "temperley_tiling",
    "transfer_tiling",
    "uniform_tiling",
]

TilingSampler = Callable[[np.ndarray, np.random.Generator], Iterable[Placement]]

#: The widest shorter side ``transfer`` samples (it keeps ``rows * 2**width`` floats).
MAX_SAMPLE_WIDTH = 16

#: Rotation attempts per cell made by ``flips``.
FLIP_SWEEPS = 200


def uniform_tiling(mask: np.ndarray, rng: np.random.Generator) -> list[Placement]:
    """A uniformly random tiling: Temperley-Wilson on odd x even rectangles, else transfer matrix.

    Examples
    --------
    >>> from dominosa_lab.tilings.count import board_mask
    >>> len(uniform_tiling(board_mask((61, 62)), np.random.default_rng(1)))
    1891
    """
    if _temperleyan(mask):
        return temperley_tiling(mask, rng)
    return transfer_tiling(mask, rng)


def exact_sampler_takes(mask: np.ndarray) -> bool:
    """Whether :func:`uniform_tiling` takes this board: a full odd x even rectangle, or a
    shorter side of at most :data:`MAX_SAMPLE_WIDTH` cells.

    Examples
    --------
    >>> from dominosa_lab.tilings.count import board_mask
    >>> exact_sampler_takes(board_mask((61, 62))), exact_sampler_takes(board_mask((20, 20)))
    (True, False)
    """
    return _temperleyan(mask) or narrow(mask)[0].shape[1] <= MAX_SAMPLE_WIDTH


def _temperleyan(mask: np.ndarray) -> bool:
    rows, cols = mask.shape
    return bool(mask.all()) and (rows % 2) != (cols % 2)


# --- Temperley's bijection with Wilson's algorithm -----------------------------------------


def temperley_tiling(mask: np.ndarray, rng: np.random.Generator) -> list[Placement]:
    """A uniformly random tiling of a full rectangle with one odd side (Temperley-Wilson).

    Turn the board so that it has ``2k - 1`` rows and ``2l`` columns. Cells with
    both coordinates even are the vertices of a ``k x l`` grid graph ``G``, plus
    a root ``w`` joined to the rightmost column (just off the board); cells with
    one odd coordinate are its edges, cells with both odd its inner faces. A
    spanning tree of ``G`` matches each vertex to the edge towards its parent;
    the dual edges of the other edges form a tree on the faces and the outer
    face, which matches each face to the edge towards its dual parent. This is
    a bijection, so a uniform spanning tree (Wilson) gives a uniform tiling.

    Raises
    ------
    PuzzleError
        If the board has gaps or both sides of the same parity.

    Examples
    --------
    The three tilings of a 3 x 2 board, 3000 draws:

    >>> from collections import Counter
    >>> from dominosa_lab.tilings.count import board_mask
    >>> rng = np.random.default_rng(0)
    >>> draws = Counter(tuple(temperley_tiling(board_mask((3, 2)), rng)) for _ in range(3000))
    >>> sorted(draws.values())
    [967, 1014, 1019]
    """
    if not _temperleyan(mask):
        raise PuzzleError(
            f"Temperley's bijection needs a full rectangle with one odd side, got {mask.shape}"
            + (" with gaps" if not mask.all() else "")
        )
    transposed = mask.shape[0] % 2 == 0
    rows, cols = mask.shape[::-1] if transposed else mask.shape
    parent = _wilson_grid((rows + 1) // 2, cols // 2, rng)
    pairs = [((2 * a, 2 * b), (a + pa, b + pb)) for (a, b), (pa, pb) in parent.items()]
    pairs += _dual_pairs(rows, cols, {edge for _, edge in pairs})
    if transposed:
        pairs = [((a[1], a[0]), (b[1], b[0])) for a, b in pairs]
    return [Placement(a, b) for a, b in pairs]


def _wilson_grid(
    height: int, width: int, rng: np.random.Generator
) -> dict[tuple[int, int], tuple[int, int]]:
    """A uniform spanning tree (Wilson) of a grid graph plus a root right of its last column.

    Returns each vertex ``(a, b)`` with its parent; the root appears as
    ``(a, width)``, the vertex just right of ``(a, width - 1)``. On the board,
    vertex ``(a, b)`` is cell ``(2a, 2b)`` and its edge to parent ``(a', b')`` is
    cell ``(a + a', b + b')``.
    """
    n = height * width
    root = n
    nbrs = [_grid_neighbours(v, height, width, root) for v in range(n)]
    in_tree = [False] * n + [True]
    nxt = [root] * (n + 1)
    draws = _uniforms(rng)
    for start in range(n):
        u = start
        while not in_tree[u]:
            options = nbrs[u]
            nxt[u] = options[int(next(draws) * len(options))]
            u = nxt[u]
        u = start
        while not in_tree[u]:
            in_tree[u] = True
            u = nxt[u]
    out = {}
    for v in range(n):
        a, b = divmod(v, width)
        p = nxt[v]
        out[(a, b)] = (a, b + 1) if p == root else divmod(p, width)
    return out


def _grid_neighbours(v: int, height: int, width: int, root: int) -> list[int]:
    a, b = divmod(v, width)
    out = []
    if a > 0:
        out.append(v - width)
    if b > 0:
        out.append(v - 1)
    out.append(v + 1 if b < width - 1 else root)
    if a < height - 1:
        out.append(v + width)
    return out


def _uniforms(rng: np.random.Generator, chunk: int = 4096) -> Iterable[float]:
    """An endless stream of uniform floats from ``rng``, drawn in chunks."""
    while True:
        yield from rng.random(chunk).tolist()


def _dual_pairs(rows: int, cols: int, tree_edges: set[tuple[int, int]]) -> list[tuple]:
    """Each face cell with the edge cell towards its parent in the dual tree (root: outer face)."""
    outer = None
    adjacent: dict = {outer: []}
    for i in range(rows):
        for j in range((i + 1) % 2, cols, 2):  # edge cells: exactly one coordinate odd
            if (i, j) in tree_edges:
                continue
            ends = [(i - 1, j), (i + 1, j)] if i % 2 == 0 else [(i, j - 1), (i, j + 1)]
            x, y = (f if 0 <= f[0] < rows and 0 <= f[1] < cols else outer for f in ends)
            adjacent.setdefault(x, []).append((y, (i, j)))
            adjacent.setdefault(y, []).append((x, (i, j)))
    pairs = []
    seen = {outer}
    queue = deque([outer])
    while queue:
        face = queue.popleft()
        for other, edge in adjacent[face]:
            if other not in seen:
                seen.add(other)
                pairs.append((other, edge))
                queue.append(other)
    return pairs


# --- the transfer matrix, backwards ---------------------------------------------------------


def transfer_tiling(mask: np.ndarray, rng: np.random.Generator) -> list[Placement]:
    """A uniformly random tiling of any board whose shorter side is at most ``MAX_SAMPLE_WIDTH``.

    A forward pass keeps the profile weights at the start of each row; then the
    rows are replayed last to first and each cell's move is drawn in
    proportion to the weights of the partial tilings that lead to it.

    Raises
    ------
    PuzzleError
        If the shorter side is too wide or the board has no tiling.

    Examples
    --------
    >>> from dominosa_lab.tilings.count import board_mask
    >>> mask = board_mask([[True, True, True], [True, False, True], [True, True, True]])
    >>> for pl in sorted(transfer_tiling(mask, np.random.default_rng(0))):
    ...     print(pl)
    Placement((0, 0), (1, 0))
    Placement((0, 1), (0, 2))
    Placement((1, 2), (2, 2))
    Placement((2, 0), (2, 1))
    """
    board, transposed = narrow(mask)
    n_rows, width = board.shape
    if width > MAX_SAMPLE_WIDTH:
        raise PuzzleError(
            f"no exact sampler for this board: its shorter side is {width} cells (the transfer "
            f"matrix samples up to {MAX_SAMPLE_WIDTH}) and it is not a full odd x even "
            "rectangle; use tiling='flips' (approximate)"
        )
    starts = _row_starts(board)
    if starts[-1][0] == 0:
        raise PuzzleError(f"the board of {int(mask.sum())} cells has no domino tiling")
    draws = iter(rng.random(int(board.sum())).tolist())
    state, out = 0, []
    for r in range(n_rows - 1, -1, -1):
        layers = _row_layers(board, r, starts[r])
        for c in range(width - 1, -1, -1):
            if board[r, c]:
                state, pl = _step_back(board, r, c, state, layers[c], next(draws))
                if pl is not None:
                    out.append(pl)
    if transposed:
        out = [Placement(pl.a[::-1], pl.b[::-1]) for pl in out]
    return out


def _row_starts(board: np.ndarray) -> list[np.ndarray]:
    """The profile weights before each row and after the last, each row rescaled to max 1."""
    layer = np.zeros(1 << board.shape[1])
    layer[0] = 1.0
    starts = [layer]
    for r in range(board.shape[0]):
        layer = _row_layers(board, r, layer)[-1]
        top = layer.max()
        starts.append(layer / top if top > 0 else layer)
    return starts


def _row_layers(board: np.ndarray, r: int, layer: np.ndarray) -> list[np.ndarray]:
    """The profile weights before each cell of row ``r``, and after its last cell."""
    layers = [layer]
    for c in range(board.shape[1]):
        if board[r, c]:
            layer = profile_step(layer, c, *cell_moves(board, r, c))
        layers.append(layer)
    return layers


def _step_back(
    board: np.ndarray, r: int, c: int, state: int, before: np.ndarray, u: float
) -> tuple[int, Placement | None]:
    """The profile before cell ``(r, c)`` and the domino placed there, drawn by weight."""
    bit = 1 << c
    if state & bit:  # the cell below was covered here: a vertical domino
        return state ^ bit, Placement((r, c), (r + 1, c))
    covered = before[state | bit]
    right = cell_moves(board, r, c)[1] and state & (bit << 1)
    across = before[state ^ (bit << 1)] if right else 0.0
    if u * (covered + across) < covered:
        return state | bit, None
    return state ^ (bit << 1), Placement((r, c), (r, c + 1))


# --- flips ------------------------------------------------------------------------------------


def flip_tiling(
    mask: np.ndarray, rng: np.random.Generator, sweeps: int = FLIP_SWEEPS
) -> list[Placement]:
    """An approximately uniform tiling: random 2x2 rotations from a maximum-matching start.

    ``sweeps * cells`` times, pick a 2x2 block at random; if two parallel
    dominoes fill it, rotate them with probability 1/2. See the module
    docstring for what this does and does not sample.

    Raises
    ------
    PuzzleError
        If the board has no tiling.

    Examples
    --------
    >>> from dominosa_lab.tilings.count import board_mask
    >>> len(flip_tiling(board_mask((4, 5)), np.random.default_rng(0), sweeps=10))
    10
    """
    n_rows, n_cols = mask.shape
    partner = _matching(mask)
    blocks = [
        (r * n_cols + c, r * n_cols + c + 1, (r + 1) * n_cols + c, (r + 1) * n_cols + c + 1)
        for r in range(n_rows - 1)
        for c in range(n_cols - 1)
        if mask[r : r + 2, c : c + 2].all()
    ]
    steps = sweeps * int(mask.sum())
    if blocks and steps:
        picks = rng.integers(0, len(blocks), size=steps).tolist()
        coins = rng.random(steps).tolist()
        for i, coin in zip(picks, coins, strict=True):
            a, b, d, e = blocks[i]
            if coin >= 0.5:
                continue
            if partner[a] == b and partner[d] == e:
                pairs = ((a, d), (b, e))
            elif partner[a] == d and partner[b] == e:
                pairs = ((a, b), (d, e))
            else:
                continue
            for x, y in pairs:
                partner[x], partner[y] = y, x
    return [
        Placement(divmod(v, n_cols), divmod(p, n_cols)) for v, p in enumerate(partner) if v < p
    ]


def _matching(mask: np.ndarray) -> list[int]:
    """A perfect matching of the board's cells (flat indices; -1 for gaps): the dark squares
    matched to the light ones by :class:`~dominosa_lab.core.graph.Matching`."""
    n_cols = mask.shape[1]
    dark, light = [], []
    for r, c in mask_cells(mask):
        (dark if (r + c) % 2 == 0 else light).append(r * n_cols + c)
    row, col = {v: i for i, v in enumerate(dark)}, {v: j for j, v in enumerate(light)}
    adj: list[list[int]] = [[] for _ in dark]
    for pl in mask_pairs(mask):
        a, b = pl.a[0] * n_cols + pl.a[1], pl.b[0] * n_cols + pl.b[1]
        u, w = (a, b) if a in row else (b, a)
        adj[row[u]].append(col[w])
    matching = Matching(adj, len(light))
    if not matching.perfect:
        raise PuzzleError(f"the board of {len(dark) + len(light)} cells has no domino tiling")
    partner = [-1] * mask.size
    for i, j in enumerate(matching.left):
        partner[dark[i]], partner[light[j]] = light[j], dark[i]
    return partner


#: Tiling samplers by name: ``random_puzzle(..., tiling=NAME)``.
SAMPLERS: dict[str, TilingSampler] = {
    "uniform": uniform_tiling,
    "temperley": temperley_tiling,
    "transfer": transfer_tiling,
    "flips": flip_tiling,
    "parity": parity_sampler,
}


def get_sampler(tiling: str | TilingSampler) -> tuple[str, TilingSampler]:
    """``(name, sampler)`` for a registered sampler's name or a sampler function."""
    if callable(tiling):
        return getattr(tiling, "__name__", "custom"), tiling
    try:
        return tiling, SAMPLERS[tiling]
    except (KeyError, TypeError):
        known = ", ".join(sorted(SAMPLERS))
        raise PuzzleError(f"unknown tiling sampler {tiling!r}; choose one of: {known}") from None


def checked_tiling(mask: np.ndarray, placements: Iterable[Placement]) -> list[Placement]:
    """The placements, sorted, after checking that they cover every cell of the mask once.

    Raises
    ------
    PuzzleError
        Naming the first cell covered twice, off the board, or left uncovered.

    Examples
    --------
    >>> from dominosa_lab.tilings.count import board_mask
    >>> checked_tiling(board_mask((1, 2)), [Placement((0, 0), (0, 1))])
    [Placement((0, 0), (0, 1))]
    """
    placements = sorted(placements)
    cells = set(mask_cells(mask))
    covered: set[tuple[int, int]] = set()
    for pl in placements:
        for cell in pl.cells:
            if cell not in cells:
                raise PuzzleError(f"the tiling covers {cell}, which is not a cell of the board")
            if cell in covered:
                raise PuzzleError(f"the tiling covers cell {cell} twice")
            covered.add(cell)
    missing = sorted(cells - covered)
    if missing:
        raise PuzzleError(f"the tiling leaves {len(missing)} cells uncovered, first {missing[0]}")
    return placements
