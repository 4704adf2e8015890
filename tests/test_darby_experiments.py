"""Darby's experiments (notebook 04), shrunk to run in seconds: each writes a tidy CSV."""

import pytest

from dominosa_lab.cli import main
from dominosa_lab.experiments import EXPERIMENTS, load_results
from dominosa_lab.experiments import darby as ex

DARBY = ["darby-bias-large", "darby-bias-small", "darby-builds", "darby-naive", "darby-orders"]


@pytest.fixture
def tiny(monkeypatch):
    """Darby's settings shrunk so that each experiment runs in a fraction of a second."""
    monkeypatch.setattr(ex, "DARBY_BUILDS", {"ns": (2, 6), "seeds": range(2),
                                             "darby_seeds": range(2)})
    monkeypatch.setattr(ex, "DARBY_BIAS", {"small": (2, 3), "small_seeds": range(30),
                                           "large": (4, 5), "large_seeds": range(3),
                                           "samplers": ("uniform", "parity")})
    monkeypatch.setattr(ex, "DARBY_ORDERS", {"ns": (2, 3), "seeds": range(2), "max_nodes": 1000})
    monkeypatch.setattr(ex, "DARBY_NAIVE", {"caps": (10, 1000), "picks": ("open", "any"),
                                            "seeds": range(3)})


def test_darbys_experiments_are_registered():
    assert set(DARBY) <= set(EXPERIMENTS)


@pytest.mark.parametrize("name", DARBY)
def test_each_darby_experiment_writes_its_csv_through_the_command_line(name, tiny, tmp_path,
                                                                       capsys):
    assert main(["experiment", name, "--out", str(tmp_path)]) == 0
    assert f"wrote {tmp_path / (name + '.csv')}" in capsys.readouterr().out
    assert len(load_results(name, tmp_path)) > 0


def test_builds_have_one_row_per_build_for_each_check(tiny, tmp_path):
    df = load_results("darby-builds", ex.darby_builds(tmp_path).parent)
    assert set(df.check) == {"parity", "none", "balance"}
    assert set(df[df.check == "balance"].n) == {6}
    assert (df[df.check == "none"].build == 1).all()
    assert (df.attempts == df.placed + df.blocked + df.odd).all()


def test_naive_readings_have_one_build_per_seed_cap_and_pick(tiny, tmp_path):
    df = load_results("darby-naive", ex.darby_naive(tmp_path).parent)
    assert df.groupby(["pick", "max_attempts"]).size().to_dict() == {
        ("any", 10): 3, ("any", 1000): 3, ("open", 10): 3, ("open", 1000): 3}
    assert (df.attempts <= df.max_attempts).all() and (df.check == "none").all()


def test_small_bias_counts_every_tiling_for_every_sampler(tiny, tmp_path):
    df = load_results("darby-bias-small", ex.darby_bias_small(tmp_path).parent)
    assert df.groupby("sampler")["count"].sum().to_dict() == {"parity": 30, "uniform": 30}
    assert df.groupby("sampler").size().to_dict() == {"parity": 3, "uniform": 3}  # 2x3: 3 tilings


def test_large_bias_has_a_code_and_share_per_sample(tiny, tmp_path):
    df = load_results("darby-bias-large", ex.darby_bias_large(tmp_path).parent)
    assert len(df) == 6 and (df.code.str.len() == 20).all()
    assert df.horizontal.between(0, 1).all()


def test_orders_run_every_order_and_dlx_on_every_board(tiny, tmp_path):
    df = load_results("darby-orders", ex.darby_orders(tmp_path).parent)
    assert len(df) == 4 * 4
    assert df.groupby(["method", "order"]).size().to_dict() == {
        ("dlx", "mrv"): 4, ("dominowise", "mrv"): 4, ("dominowise", "fewest"): 4,
        ("dominowise", "pile"): 4}
    assert "board_seed" in df.columns


def test_dimer_jamming_covers_what_random_sequential_deposition_leaves():
    assert ex.dimer_jamming((1, 2), seed=3) == 1.0
    assert ex.dimer_jamming((1, 3), seed=3) == pytest.approx(2 / 3)  # one domino, one cell left
    shares = [ex.dimer_jamming((7, 8), seed) for seed in range(5)]
    assert all(0 < s <= 1 and round(s * 56) % 2 == 0 for s in shares)
    assert ex.dimer_jamming((7, 8), seed=4) == ex.dimer_jamming((7, 8), seed=4)  # seeded


def test_darbys_quoted_figures_are_his():
    assert set(ex.DARBY_SAYS.values()) == {"20 or 21", "fewer than 100", 1000, 10}
    assert ex.RSA_DIMER_JAMMING == 0.9068
