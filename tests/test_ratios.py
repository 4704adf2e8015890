"""The ratio of two medians over the same boards, with its paired-bootstrap interval."""

import math

import numpy as np
import pytest

from dominosa_lab import ArgumentError
from dominosa_lab.experiments.ratios import median_ratio


def test_the_ratio_is_the_best_peers_median_over_ours_and_its_interval_holds_it():
    rng = np.random.default_rng(1)
    ours = rng.uniform(1, 2, 10)
    peers = np.column_stack([ours * 5, ours * 3 + rng.uniform(0, 1, 10)])
    r = median_ratio(ours, peers)
    assert r.bound == ""
    assert r.estimate == pytest.approx(min(np.median(peers, axis=0)) / np.median(ours))
    assert r.low <= r.estimate <= r.high
    assert r.excludes_one()


def test_equal_times_give_an_interval_that_holds_one():
    rng = np.random.default_rng(2)
    ours, peer = rng.uniform(1, 2, 10), rng.uniform(1, 2, 10)
    r = median_ratio(ours, peer)
    assert r.low < 1 < r.high and not r.excludes_one()


def test_a_peer_stopped_on_most_boards_leaves_a_lower_bound_open_above():
    ours = np.full(10, 0.5)
    peer = np.array([10, 20] + [60] * 8, float)
    r = median_ratio(ours, peer, peers_capped=peer >= 60)
    assert r.bound == "at least" and r.estimate == pytest.approx(120)
    assert math.isinf(r.high) and r.low <= r.estimate


def test_a_peer_stopped_on_a_few_boards_keeps_a_measured_median():
    ours = np.ones(10)
    peer = np.array([2, 2, 3, 3, 4, 4, 5, 5, 60, 60], float)
    r = median_ratio(ours, peer, peers_capped=peer >= 60)
    assert r.bound == "" and r.estimate == pytest.approx(4)


def test_our_own_stopped_runs_leave_an_upper_bound():
    ours = np.array([60.0] * 6 + [1.0] * 4)
    r = median_ratio(ours, np.full(10, 6.0), ours_capped=ours >= 60)
    assert r.bound == "at most" and r.estimate == pytest.approx(0.1)


def test_paired_times_of_different_boards_are_refused():
    with pytest.raises(ArgumentError, match="same boards"):
        median_ratio([1.0, 2.0, 3.0], [1.0, 2.0])


def test_one_board_is_refused():
    with pytest.raises(ArgumentError, match="at least two boards"):
        median_ratio([1.0], [2.0], paired=False)


def test_unpaired_runs_of_different_counts_give_the_ratio_of_their_medians():
    rng = np.random.default_rng(4)
    fast, slow = rng.uniform(0.9, 1.1, 10), rng.uniform(4, 6, 7)
    r = median_ratio(fast, slow, paired=False)
    assert r.bound == "" and r.estimate == pytest.approx(np.median(slow) / np.median(fast))
    assert 1 < r.low <= r.estimate <= r.high < 10


def test_unpaired_runs_stopped_half_the_time_or_more_leave_a_lower_bound():
    rng = np.random.default_rng(4)
    fast, slow = rng.uniform(0.9, 1.1, 10), rng.uniform(4, 6, 10)
    stopped = np.r_[[60.0] * 4, slow[4:]]  # runs stopped at a 60 s limit record 60 s
    some = median_ratio(fast, stopped, peers_capped=stopped >= 60, paired=False)
    assert some.bound == "" and np.isinf(some.high)  # fewer than half stopped: measured
    stopped[4] = 60.0
    most = median_ratio(fast, stopped, peers_capped=stopped >= 60, paired=False)
    assert most.bound == "at least" and most.estimate > np.median(slow)
