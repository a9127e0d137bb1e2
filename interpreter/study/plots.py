"""`simulate --plot`: a picture of a simulation, drawn with matplotlib (an optional extra).

Left, each seat's results per game as box plots (one box per spec when two are compared);
right, each contract's mean deal score for the declarer and for the others. The Agg
backend draws to a file without a display. `figure` builds the picture, `plot` saves it.
"""

from __future__ import annotations

COLOURS = ("#4C72B0", "#DD8452")  # one per spec
LIGHT = ("#A5B9D8", "#EEC1A5")  # the same, lighter: the others' means


def plot(path, sides) -> None:
    """Draw `sides`, a list of (label, Study) with the same seat names, to the PNG `path`."""
    fig = figure(sides)
    fig.savefig(path, dpi=80)
    import matplotlib.pyplot as plt  # (imported by `figure`, after it chose the backend)

    plt.close(fig)


def figure(sides):
    """The matplotlib Figure of `sides` (see `plot`), drawn with the Agg backend and left open."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    first = sides[0][1].game
    seats = [first.seat_names[p] for p in first.turn_order]
    named = {}  # every contract played on either side, in the specs' order, with its name
    for _, s in sides:
        named.update({key: c.name for key, c in s.game.contracts.items() if key in s.contracts and key not in named})
    contracts = list(named)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.6), width_ratios=(1, 1.5 if len(contracts) > 3 else 1))
    n = len(sides)
    width = 0.8 / n
    for i, (label, study) in enumerate(sides):
        sn = study.game.seat_names
        data = [study.results[sn.index(name)] for name in seats]
        pos = [k + (i - (n - 1) / 2) * width for k in range(len(seats))]
        box = left.boxplot(data, positions=pos, widths=width * 0.85, patch_artist=True, showmeans=True,
                           medianprops={"color": "black"}, flierprops={"markersize": 3},
                           meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": "black",
                                      "markersize": 4})
        for patch in box["boxes"]:
            patch.set_facecolor(COLOURS[i])
            patch.set_alpha(0.85)
        if n > 1:
            left.plot([], [], "s", color=COLOURS[i], label=_short(label, study))
    left.set_xticks(range(len(seats)), seats)
    left.set_xlabel("seat (box: middle half; line: median; diamond: mean)", fontsize=8)
    left.set_ylabel(f"{'game result' if first.result is not None else 'game total'} per game")
    left.axhline(0, color="grey", linewidth=0.6)
    left.set_title(f"Scores per seat ({sides[0][1].games} games)")
    if n > 1:
        left.legend(fontsize=8, loc="best")

    bar = 0.8 / (2 * n)
    for i, (label, study) in enumerate(sides):
        for j, (what, field, colour) in enumerate((("declarer", 1, COLOURS[i]), ("others, each", 2, LIGHT[i]))):
            xs, ys = [], []
            for k, key in enumerate(contracts):
                row = study.contracts.get(key)
                if row:
                    xs.append(k + (2 * i + j - (2 * n - 1) / 2) * bar)
                    ys.append(row[field] / row[0])
            tag = f"{what} ({_short(label, study)})" if n > 1 else what
            right.bar(xs, ys, width=bar, color=colour, label=tag, edgecolor="white", linewidth=0.5)
    names = list(named.values())
    right.set_xticks(range(len(contracts)), names, rotation=30 if len(contracts) > 3 else 0, ha="right"
                     if len(contracts) > 3 else "center", fontsize=8)
    right.set_xlim(-0.5 - max(0, 3 - len(contracts)) / 2, len(contracts) - 0.5 + max(0, 3 - len(contracts)) / 2)
    right.axhline(0, color="grey", linewidth=0.6)
    right.set_ylabel("mean deal score")
    right.set_title("Mean deal score per contract")
    right.legend(fontsize=8, loc="best")
    fig.suptitle(" against ".join(s.game.title for _, s in sides), fontsize=11)
    fig.tight_layout()
    return fig


def _short(label, study) -> str:
    """A spec's name for a legend: its file name without the folder and suffix."""
    from pathlib import Path

    return Path(str(label)).stem
