"""Summaries of runs: 95% intervals, medians under a budget, durations in words."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominosa_lab import ArgumentError
from dominosa_lab.experiments.summary import (
    MIN_SAMPLES,
    format_duration,
    mean_interval,
    median_interval,
    median_under_budget,
    proportion_interval,
)


@given(st.lists(st.floats(-1e6, 1e6), min_size=MIN_SAMPLES, max_size=200))
def test_a_mean_interval_contains_its_estimate(values):
    iv = mean_interval(values)
    assert iv.low <= iv.estimate <= iv.high
    assert iv.estimate == pytest.approx(np.mean(values), abs=1e-6)


def test_a_mean_interval_narrows_as_samples_grow():
    rng = np.random.default_rng(0)
    small, large = mean_interval(rng.normal(size=100)), mean_interval(rng.normal(size=10_000))
    assert large.high - large.low < (small.high - small.low) / 5


def test_a_mean_of_too_few_values_is_refused():
    with pytest.raises(ArgumentError, match=f"at least {MIN_SAMPLES} values"):
        mean_interval([1.0, 2.0])


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_a_proportion_interval_stays_in_zero_one_and_contains_the_share(pair):
    k, n = pair
    iv = proportion_interval(k, n)
    assert 0 <= iv.low <= k / n <= iv.high <= 1


def test_a_proportion_of_more_successes_than_trials_is_refused():
    with pytest.raises(ArgumentError, match="successes <= trials"):
        proportion_interval(3, 2)


def test_the_median_is_exact_while_fewer_than_half_the_runs_stopped():
    runs = pd.DataFrame({"n": [1] * 5, "nodes": [1, 2, 3, 9, 9],
                         "status": ["solved"] * 3 + ["stopped"] * 2})
    row = median_under_budget(runs, "n").loc[1]
    assert row["nodes"] == 3 and not row["capped"]


def test_the_median_is_a_lower_bound_once_its_run_stopped():
    runs = pd.DataFrame({"n": [1] * 4, "nodes": [1, 2, 9, 9],
                         "status": ["solved"] * 2 + ["stopped"] * 2})
    assert bool(median_under_budget(runs, "n").loc[1, "capped"])


@pytest.mark.parametrize(("seconds", "words"), [
    (5, "5 seconds"), (600, "10 minutes"), (3 * 3600, "3 hours"), (30 * 3600, "1.2 days"),
    (9 * 86400, "9 days"), (1.5 * 365.25 * 86400, "1.5 years"), (20 * 365.25 * 86400, "20 years"),
])
def test_a_duration_takes_the_largest_unit_it_fills(seconds, words):
    assert format_duration(seconds) == words


def test_a_duration_interval_is_written_in_the_unit_of_its_estimate():
    from dominosa_lab.experiments.summary import Interval

    hours = Interval(30 * 3600, 20 * 3600, 40 * 3600)
    assert format_duration(hours) == "1.2 days (95% CI 0.83-1.7)"


def test_the_median_interval_of_ten_runs_spans_the_second_to_the_ninth():
    interval = median_interval([10, 1, 9, 2, 8, 3, 7, 4, 6, 5])
    assert (interval.estimate, interval.low, interval.high) == (5.5, 2, 9)


@given(st.lists(st.floats(0, 1e6), min_size=6, max_size=60))
def test_the_median_interval_holds_the_median_between_two_of_the_values(values):
    interval = median_interval(values)
    assert interval.low <= interval.estimate <= interval.high
    assert interval.low in values and interval.high in values


def test_the_median_interval_needs_six_values():
    with pytest.raises(ArgumentError, match="at least 6 values, got 5"):
        median_interval([1, 2, 3, 4, 5])


def test_the_log_odds_slope_interval_covers_the_true_slope_and_narrows_with_more_trials():
    from dominosa_lab.experiments.summary import fit_log_odds, fit_log_odds_errors
    x = np.arange(1, 9)
    p = 1 / (1 + np.exp(-(2.0 - 0.8 * x)))
    rng = np.random.default_rng(3)
    small = fit_log_odds_errors(x, rng.binomial(1000, p), [1000] * len(x))
    large = fit_log_odds_errors(x, rng.binomial(100_000, p), [100_000] * len(x))
    for fit in (small, large):
        assert -0.8 in fit.coefficient(1) and 2.0 in fit.coefficient(0)
    assert large.coefficient(1).high - large.coefficient(1).low < (
        small.coefficient(1).high - small.coefficient(1).low) / 5
    hits = rng.binomial(1000, p)
    assert np.allclose(fit_log_odds_errors(x, hits, [1000] * len(x)).coefficients,
                       fit_log_odds(x, hits, [1000] * len(x), degree=1))
    iv = small.probability(20)  # far beyond the data: wide, but around the fitted value
    assert iv.low < iv.estimate < iv.high and iv.high / iv.low > 2
