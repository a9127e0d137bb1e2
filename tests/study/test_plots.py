"""The picture of `simulate --plot`, read from the matplotlib Figure that plots.py builds: how
it looks (sizes, positions, fonts, colours, titles), the PNG written at 80 dots per inch, and
drawn without a display. Each study is given by hand, so every box and bar has a known place and height."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from interpreter.compile.game import load_game
from interpreter.study.stats import GameSummary, Study

matplotlib = pytest.importorskip("matplotlib")
colors = pytest.importorskip("matplotlib.colors")
plots = pytest.importorskip("interpreter.study.plots")

SPECS = Path(__file__).resolve().parents[2] / "specs"
BLUE, LIGHT_BLUE, ORANGE, LIGHT_ORANGE = "#4C72B0", "#A5B9D8", "#DD8452", "#EEC1A5"


def study(spec, games):
    """A study of `spec` from games given as (returns, [(contract, declarer, scores)...])."""
    s = Study(load_game(SPECS / spec))
    for seed, (returns, deals) in enumerate(games, 1):
        s.add_summary(GameSummary(seed, False, returns, {}, [(c, d, scores, False, {}, scores)
                                                              for c, d, scores in deals],
                                  None))
    return s


# Barbu, two games: A's results 10 and -10, B's -20 and 20, C's 30 and 10, D's -20 twice.
# No Tricks is played twice, by A (-2) and by B (-2): the declarer's mean -2, the others' -4.
# No Queens by C (0; the others -4), Trumps by B (3; the others 5/3), Dominoes by D (-10; 10/3).
BARBU = [([10, -20, 30, -20], [("no_tricks", 0, [-2, 0, -4, -8]), ("trumps", 1, [5, 3, 0, 0]),
                               ("no_queens", 2, [0, -6, 0, -6]), ("dominoes", 3, [10, 5, -5, -10])]),
         ([-10, 20, 10, -20], [("no_tricks", 1, [-4, -2, -4, -4])])]


def rgba(colour, alpha=1.0):
    return colors.to_rgba(colour, alpha)


def boxes(ax):
    """Each box: (left, right, bottom, top) in data units, and its face colour."""
    out = []
    for patch in ax.patches:
        xs, ys = patch.get_path().vertices[:, 0], patch.get_path().vertices[:, 1]
        out.append(((round(xs.min(), 9), round(xs.max(), 9), ys.min(), ys.max()), patch.get_facecolor()))
    return out


def marked(ax, marker):
    """The lines drawn with `marker`: (x, y, size, face colour, edge colour) of each point."""
    return [(float(x), float(y), line.get_markersize(), line.get_markerfacecolor(), line.get_markeredgecolor())
            for line in ax.lines if line.get_marker() == marker for x, y in zip(line.get_xdata(), line.get_ydata())]


def zero_lines(ax):
    """The horizontal lines at 0 across the whole axes: (colour, width)."""
    return [(line.get_color(), line.get_linewidth()) for line in ax.lines
            if list(line.get_xdata()) == [0, 1] and list(line.get_ydata()) == [0, 0]]


def bars(ax):
    """Each set of bars: its label, and each bar's (middle, width, height, face, edge, edge width)."""
    return [(c.get_label(), [(round(r.get_x() + r.get_width() / 2, 9), round(r.get_width(), 9), r.get_height(),
                              r.get_facecolor(), r.get_edgecolor(), r.get_linewidth()) for r in c])
            for c in ax.containers]


def ticks(ax):
    return list(ax.get_xticks()), [t.get_text() for t in ax.get_xticklabels()]


def legend(ax):
    found = ax.get_legend()
    return None if found is None else ([t.get_text() for t in found.get_texts()],
                                       {t.get_fontsize() for t in found.get_texts()})


@pytest.fixture
def close():
    from matplotlib import pyplot

    made = []
    yield made.append
    for fig in made:
        pyplot.close(fig)


def test_one_spec_with_more_than_three_contracts(close):
    fig = plots.figure([("specs/barbu/barbu.yaml", study("barbu/barbu.yaml", BARBU))])
    close(fig)
    assert list(fig.get_size_inches()) == [11, 4.6]
    left, right = fig.axes
    # more than three contracts: the right half is half as wide again as the left
    assert right.get_position().width / left.get_position().width == pytest.approx(1.5)
    # the margins drawn in to the labels (matplotlib's own are 0.125 left and 0.9 right)
    assert left.get_position().x0 < 0.1 and right.get_position().x1 > 0.95
    assert fig.get_suptitle() == "Barbu (Blue Club rules)" and fig._suptitle.get_fontsize() == 11

    # left: a box per seat, at 0..3, 0.68 wide, from the first to the third quartile
    face = rgba(BLUE, 0.85)
    assert boxes(left) == [((-0.34, 0.34, -5, 5), face), ((0.66, 1.34, -10, 10), face),
                           ((1.66, 2.34, 15, 25), face), ((2.66, 3.34, -20, -20), face)]
    white, black = "white", "black"
    assert marked(left, "D") == [(0, 0, 4, white, black), (1, 0, 4, white, black), (2, 20, 4, white, black),
                                 (3, -20, 4, white, black)]  # the means
    assert {line.get_markersize() for line in left.lines if line.get_marker() == "o"} == {3}  # outliers
    medians = [([round(x, 9) for x in line.get_xdata()], list(line.get_ydata()), line.get_color()) for line in left.lines
               if len(line.get_xdata()) == 2 and line.get_xdata()[1] - line.get_xdata()[0] == pytest.approx(0.68)]
    assert medians == [([-0.34, 0.34], [0, 0], black), ([0.66, 1.34], [0, 0], black),
                       ([1.66, 2.34], [20, 20], black), ([2.66, 3.34], [-20, -20], black)]
    assert zero_lines(left) == [("grey", 0.6)]
    assert ticks(left) == ([0, 1, 2, 3], ["A", "B", "C", "D"])
    assert left.get_xlabel() == "seat (box: middle half; line: median; diamond: mean)"
    assert left.xaxis.label.get_fontsize() == 8
    assert left.get_ylabel() == "game total per game"
    assert left.get_title() == "Scores per seat (2 games)"
    assert legend(left) is None  # one spec: nothing to tell apart

    # right: per contract played, in the spec's order, the declarer's mean and the others' side by side
    assert bars(right) == [
        ("declarer", [(-0.2, 0.4, -2, rgba(BLUE), rgba("white"), 0.5), (0.8, 0.4, 0, rgba(BLUE), rgba("white"), 0.5),
                      (1.8, 0.4, 3, rgba(BLUE), rgba("white"), 0.5), (2.8, 0.4, -10, rgba(BLUE), rgba("white"), 0.5)]),
        ("others, each", [(0.2, 0.4, -4, rgba(LIGHT_BLUE), rgba("white"), 0.5),
                          (1.2, 0.4, -4, rgba(LIGHT_BLUE), rgba("white"), 0.5),
                          (2.2, 0.4, pytest.approx(5 / 3), rgba(LIGHT_BLUE), rgba("white"), 0.5),
                          (3.2, 0.4, pytest.approx(10 / 3), rgba(LIGHT_BLUE), rgba("white"), 0.5)])]
    assert ticks(right) == ([0, 1, 2, 3], ["No Tricks", "No Queens", "Trumps", "Dominoes"])
    assert {(t.get_rotation(), t.get_ha(), t.get_fontsize()) for t in right.get_xticklabels()} == {(30, "right", 8)}
    assert right.get_xlim() == (-0.5, 3.5)
    assert zero_lines(right) == [("grey", 0.6)]
    assert (right.get_ylabel(), right.get_title()) == ("mean deal score", "Mean deal score per contract")
    assert legend(right) == (["declarer", "others, each"], {8})


def test_two_specs_side_by_side(close):
    barbu = study("barbu/barbu.yaml", [([4, 0, 0, -4], [("trumps", 0, [4, 0, 0, -4]), ("no_tricks", 1, [0, -4, 0, 0])]),
                                      ([0, 8, 0, -8], [("trumps", 2, [0, 8, 0, -8])])])
    parlett = study("barbu/parlett.yaml", [([-6, 6, 0, 0], [("no_hearts", 3, [-6, 6, 3, -3]),
                                                             ("trumps", 1, [0, 6, 0, -6])])])
    fig = plots.figure([("specs/barbu/barbu.yaml", barbu), ("specs/barbu/parlett.yaml", parlett)])
    close(fig)
    left, right = fig.axes
    assert right.get_position().width / left.get_position().width == pytest.approx(1)  # three contracts
    assert fig.get_suptitle() == "Barbu (Blue Club rules) against Barbu (Parlett's rules)"

    # each seat's two boxes, 0.34 wide, either side of it: the first spec's left of the second's
    first, second = rgba(BLUE, 0.85), rgba(ORANGE, 0.85)
    assert boxes(left) == [((-0.37, -0.03, 1, 3), first), ((0.63, 0.97, 2, 6), first), ((1.63, 1.97, 0, 0), first),
                           ((2.63, 2.97, -7, -5), first),
                           ((0.03, 0.37, -6, -6), second), ((1.03, 1.37, 6, 6), second),
                           ((2.03, 2.37, 0, 0), second), ((3.03, 3.37, 0, 0), second)]
    assert [(x, y) for x, y, *_ in marked(left, "D")] == [(-0.2, 2), (0.8, 4), (1.8, 0), (2.8, -6),
                                                           (0.2, -6), (1.2, 6), (2.2, 0), (3.2, 0)]
    assert [(line.get_label(), line.get_color()) for line in left.lines if line.get_marker() == "s"] == [
        ("barbu", BLUE), ("parlett", ORANGE)]  # the legend's keys: each spec by its file name
    assert legend(left) == (["barbu", "parlett"], {8})
    assert left.get_title() == "Scores per seat (2 games)"  # the first spec's games

    # the contracts of the first spec in its order, then those only the second played; each
    # contract's four bars 0.2 wide: declarer and others of the first spec, then of the second.
    # Trumps: declarers 4 and 0 (mean 2), the others -4/3 and 0; in Parlett's, 6 and -2 each
    white = rgba("white")
    assert bars(right) == [
        ("declarer (barbu)", [(-0.3, 0.2, -4, rgba(BLUE), white, 0.5), (0.7, 0.2, 2, rgba(BLUE), white, 0.5)]),
        ("others, each (barbu)", [(-0.1, 0.2, 0, rgba(LIGHT_BLUE), white, 0.5),
                                  (0.9, 0.2, pytest.approx(-2 / 3), rgba(LIGHT_BLUE), white, 0.5)]),
        ("declarer (parlett)", [(1.1, 0.2, 6, rgba(ORANGE), white, 0.5), (2.1, 0.2, -3, rgba(ORANGE), white, 0.5)]),
        ("others, each (parlett)", [(1.3, 0.2, -2, rgba(LIGHT_ORANGE), white, 0.5),
                                    (2.3, 0.2, 1, rgba(LIGHT_ORANGE), white, 0.5)])]
    assert ticks(right) == ([0, 1, 2], ["No Tricks", "Trumps", "No Hearts"])
    assert {(t.get_rotation(), t.get_ha(), t.get_fontsize()) for t in right.get_xticklabels()} == {(0, "center", 8)}
    assert right.get_xlim() == (-0.5, 2.5)
    assert legend(right) == (["declarer (barbu)", "others, each (barbu)", "declarer (parlett)",
                              "others, each (parlett)"], {8})


def test_a_game_with_a_result_and_one_contract(close):
    rubicon = study("piquet/rubicon.yaml", [([1, -1], [("deal", 0, [30, 10]), ("deal", 1, [0, 50])]),
                                           ([-1, 1], [("deal", 0, [20, 40])])])
    fig = plots.figure([("specs/piquet/rubicon.yaml", rubicon)])
    close(fig)
    left, right = fig.axes
    assert left.get_ylabel() == "game result per game"
    assert ticks(left) == ([0, 1], ["A", "B"])
    # one contract: the axis is widened to three contracts' room, the bars in its middle
    assert ticks(right) == ([0], ["Piquet deal"])
    assert right.get_xlim() == (-1.5, 1.5)
    # declarers scored 30, 50 and 20 (mean 100/3); the others 10, 0 and 40 (mean 50/3)
    assert [(label, [(x, h) for x, _, h, *_ in found]) for label, found in bars(right)] == [
        ("declarer", [(-0.2, pytest.approx(100 / 3))]), ("others, each", [(0.2, pytest.approx(50 / 3))])]


def png_size(path):
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])  # the IHDR chunk: width, height


def test_plot_writes_the_figure_at_80_dots_per_inch_and_closes_it(tmp_path):
    from matplotlib import pyplot

    open_before = pyplot.get_fignums()
    path = tmp_path / "barbu.png"
    plots.plot(path, [("specs/barbu/barbu.yaml", study("barbu/barbu.yaml", BARBU))])
    assert png_size(path) == (880, 368)  # 11 by 4.6 inches
    assert pyplot.get_fignums() == open_before


def test_the_figure_is_drawn_without_a_display_whatever_backend_was_chosen(close):
    from matplotlib import pyplot

    pyplot.switch_backend("svg")
    try:
        close(plots.figure([("specs/barbu/barbu.yaml", study("barbu/barbu.yaml", BARBU))]))
        assert matplotlib.get_backend().lower() == "agg"
    finally:
        pyplot.switch_backend("agg")
