"""The one look: every method its own colour, capped runs drawn as such, files at one dpi."""

import itertools

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgb

from dominosa_lab import METHODS, MethodError
from dominosa_lab.core.options import ORDERS
from dominosa_lab.draw import theme
from dominosa_lab.draw.theme import (
    CAPPED_LABEL,
    GREY90,
    METHOD_COLORS,
    ORDER_STYLES,
    method_style,
    overlay_published,
    plot_capped,
)


def test_every_registered_method_has_a_colour_and_every_colour_a_method():
    assert set(METHODS) == set(METHOD_COLORS)


def test_no_two_methods_share_a_colour_or_come_close():
    rgb = {name: np.array(to_rgb(color)) for name, color in METHOD_COLORS.items()}
    closest = min(np.linalg.norm(rgb[a] - rgb[b]) for a, b in itertools.combinations(rgb, 2))
    assert closest > 0.2


def test_no_method_colour_disappears_into_the_grey_panel():
    panel = np.array(to_rgb(GREY90))
    assert all(np.linalg.norm(np.array(to_rgb(c)) - panel) > 0.4 for c in METHOD_COLORS.values())


def test_every_order_has_its_own_line_and_marker_but_keeps_the_method_colour():
    assert set(ORDERS) <= set(ORDER_STYLES)
    styles = {(s["linestyle"], s["marker"]) for s in ORDER_STYLES.values()}
    assert len(styles) == len(ORDER_STYLES)
    assert {method_style("dlx", o)["color"] for o in METHODS["dlx"].orders} == {
        METHOD_COLORS["dlx"]}


def test_an_unknown_method_or_order_is_refused_by_name():
    with pytest.raises(MethodError, match="'simplex'"):
        method_style("simplex")
    with pytest.raises(MethodError, match="'sideways'"):
        method_style("dlx", "sideways")


def test_the_theme_context_sets_the_look_and_restores_the_settings():
    before = dict(matplotlib.rcParams)
    with theme.theme():
        assert matplotlib.rcParams["axes.facecolor"] == GREY90
        assert matplotlib.rcParams["savefig.dpi"] == theme.DPI
        assert matplotlib.rcParams["figure.dpi"] == theme.INLINE_DPI
        assert not matplotlib.rcParams["axes.spines.left"]
    assert matplotlib.rcParams["axes.facecolor"] == before["axes.facecolor"]


def test_a_capped_point_is_hollow_with_an_arrow_and_left_out_of_the_line():
    fig, ax = plt.subplots()
    line, hollow, *arrows = plot_capped(ax, [1, 2, 3, 4], [5, 50, 500, 500],
                                        [False, False, True, True], **method_style("odometer"))
    assert line.get_xdata().tolist() == [1, 2]
    assert hollow.get_xdata().tolist() == [3, 4] and hollow.get_linestyle() == "None"
    assert hollow.get_markerfacecolor() == "white"
    assert hollow.get_markeredgecolor() == line.get_color() == METHOD_COLORS["odometer"]
    assert len(arrows) == 2 and all(a.arrow_patch is not None for a in arrows)
    plt.close(fig)


def test_a_series_without_capped_points_draws_no_arrow():
    fig, ax = plt.subplots()
    _, hollow, *arrows = plot_capped(ax, [1, 2], [3, 4], [False, False])
    assert len(hollow.get_xdata()) == 0 and arrows == []
    plt.close(fig)


def test_the_capped_legend_entry_explains_the_hollow_marker():
    handle = theme.capped_handle()
    assert handle.get_label() == CAPPED_LABEL and handle.get_markerfacecolor() == "white"


def test_published_values_are_markers_without_a_line_over_the_data():
    fig, ax = plt.subplots()
    (ours,) = ax.plot([5, 10], [21, 129])
    stars = overlay_published(ax, [5, 10], [21, 129], label="homework")
    assert stars.get_linestyle() == "None" and stars.get_zorder() > ours.get_zorder()
    assert stars.get_label() == "homework"
    plt.close(fig)


def test_figures_are_written_at_the_one_dpi_only_when_asked(tmp_path, monkeypatch):
    fig, _ = plt.subplots(figsize=(2, 1))
    monkeypatch.delenv(theme.FIGURES_ENV, raising=False)
    assert theme.save_figure(fig, "none") is None
    monkeypatch.setenv(theme.FIGURES_ENV, str(tmp_path))
    path = theme.save_figure(fig, "demo")
    plt.close(fig)
    from PIL import Image

    assert path == tmp_path / "demo.png"
    assert Image.open(path).info["dpi"][0] == pytest.approx(theme.DPI, abs=0.5)
