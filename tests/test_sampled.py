"""The sampled census, its intervals and sample sizes, the climbs, and their experiments."""

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dominosa_lab as dl
from dominosa_lab.cli import main
from dominosa_lab.experiments import caviness, load_results
from dominosa_lab.experiments.census import census
from dominosa_lab.experiments.largest import climb, largest_found
from dominosa_lab.experiments.sampled import OUTCOMES, count_chunk, estimate, sample_census
from dominosa_lab.experiments.summary import fit_log_odds, proportion_interval, sample_size

SMALL = {"shuffled": [1, 2], "planted": [2, 3]}


def _table(executor, **kw):
    t = sample_census(SMALL, half_width=0.05, pilot=100, chunk=50, executor=executor,
                      progress=False, **kw)
    return t.drop(columns="seconds")


@given(st.floats(0, 1), st.sampled_from([0.005, 0.01, 0.02, 0.05]))
def test_sample_size_is_the_fewest_trials_within_the_half_width(p, h):
    n = sample_size(p, h)
    half = lambda trials: (proportion_interval(round(p * trials), trials).high  # noqa: E731
                           - proportion_interval(round(p * trials), trials).low) / 2
    assert half(n) <= h + 1 / n  # rounding p * n to a count moves the interval by at most 1/n
    assert n == 1 or sample_size(p, h) == n


def test_every_interval_ends_within_the_half_width_asked():
    t = _table("serial")
    for name in ("solvable", "unique"):
        assert ((t[f"{name}_high"] - t[f"{name}_low"]) / 2 <= 0.05).all()
    assert (t.boards == t[list(OUTCOMES)].sum(axis=1)).all()


def test_intervals_cover_the_exact_census_fractions():
    t = _table("serial").set_index(["kind", "n"])
    for n in (1, 2):
        exact = census(n, "serial", progress=False)
        row = t.loc[("shuffled", n)]
        assert row.solvable_low <= exact.fraction() <= row.solvable_high
        assert row.unique_low <= exact.fraction(1) <= row.unique_high
    exact = census(2, "serial", progress=False)
    assert t.loc[("planted", 2)].unique_low <= exact.fraction(1, planted=True)
    assert t.loc[("planted", 2)].unique_high >= exact.fraction(1, planted=True)


def test_planted_boards_always_have_a_solution():
    tally = count_chunk(("planted", 4, 0, 30, None))
    assert tally["none"] == 0 and tally["one"] + tally["several"] == 30


def test_the_sample_is_the_same_on_a_dask_cluster_and_after_a_restart(dask_client, tmp_path):
    serial = _table("serial")
    pd.testing.assert_frame_equal(_table(dask_client, store=tmp_path), serial)
    pd.testing.assert_frame_equal(_table("serial", store=tmp_path), serial)


def test_boards_the_time_limit_stops_widen_the_interval_both_ways():
    unsure = estimate({"none": 45, "one": 10, "several": 40, "stopped": 5})
    for none, one in ((50, 10), (45, 15)):  # the five stopped boards had none, or one each
        sure = estimate({"none": none, "one": one, "several": 40, "stopped": 0})
        for name in ("solvable", "unique"):
            assert unsure[f"{name}_low"] <= sure[f"{name}_low"]
            assert unsure[f"{name}_high"] >= sure[f"{name}_high"]


def test_the_log_odds_fit_takes_samples_with_no_hits():
    coef = fit_log_odds([1, 2, 3, 4, 5, 6], [900, 600, 300, 40, 2, 0], [1000] * 6, degree=2)
    assert coef[0] < 0  # log odds bend down: the fraction falls faster than exponentially


def test_a_climb_reports_an_exact_count_of_its_board():
    result = climb((3, 1, 60, 100_000))
    assert dl.count_solutions(dl.from_tatham(result["board"])) == result["solutions"]
    assert result["solutions"] >= result["start"] >= 1


def test_climbs_on_double_two_reach_the_census_maximum():
    found = largest_found([2], climbs=4, steps=300, executor="serial", progress=False)
    assert found.solutions.max() == census(2, "serial", progress=False).max_k == 10


@pytest.fixture
def tiny(monkeypatch):
    """The experiments' settings shrunk so that each runs in seconds."""
    monkeypatch.setitem(caviness.CAVINESS, "census_ns", (1, 2))
    monkeypatch.setitem(caviness.CAVINESS, "sampled_ns", {"shuffled": [2], "planted": [3]})
    monkeypatch.setitem(caviness.CAVINESS, "half_width", 0.1)
    monkeypatch.setitem(caviness.CAVINESS, "largest_ns", (2,))
    monkeypatch.setitem(caviness.CAVINESS, "climbs", 2)
    monkeypatch.setitem(caviness.CAVINESS, "steps", 20)


@pytest.mark.parametrize("name", ["caviness-census", "caviness-sampled", "caviness-largest"])
def test_each_caviness_experiment_writes_its_csv_on_the_executor_asked(name, tiny, tmp_path,
                                                                        capsys):
    assert main(["experiment", name, "--out", str(tmp_path), "--executor", "serial"]) == 0
    assert f"wrote {tmp_path / (name + '.csv')}" in capsys.readouterr().out
    assert len(load_results(name, tmp_path)) > 0
    assert (tmp_path / "chunks" / name).is_dir()


def test_the_census_csv_has_every_k_and_a_board_with_the_largest(tiny, tmp_path):
    frame = load_results("caviness-census", caviness.caviness_census(tmp_path, "serial").parent)
    assert frame.groupby("n").boards.sum().to_dict() == {1: 20, 2: 34_650}
    largest = frame.loc[frame.example.notna()]
    assert largest.k.tolist() == [3, 10]
    assert [dl.count_solutions(dl.from_tatham(b)) for b in largest.example] == [3, 10]


def test_an_experiment_without_a_sweep_refuses_an_executor(capsys):
    assert main(["experiment", "darby-builds", "--executor", "dask"]) == 2
    assert "takes no --executor" in capsys.readouterr().err
