"""The HTML report of a gauntlet: a table and four plots drawn with matplotlib (the optional
extra `report`), as inline SVG in one self-contained file.

Plots: win rate per matchup with its 95% Wilson interval; going first and going second; how the
duels ended (per matchup, wins and losses by reason); turns per duel.
"""
from __future__ import annotations

import html
import io

from ..cards.errors import YgosimError


def check_plotting():
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise YgosimError("--report needs matplotlib: pip install -e '.[report]'")


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    _pyplot().close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _interval(r: dict):
    """(rate, error below, error above) in percent."""
    rt = r["rate"] or 0.0
    return 100 * rt, 100 * (rt - r["low"]), 100 * (r["high"] - rt)


def plot_win_rates(out: dict) -> str:
    plt = _pyplot()
    ms = out["matchups"]
    names = [m["deck_b"] for m in ms]
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(ms) + 1.5))
    vals = [_interval(m["win_rate_a"]) for m in ms]
    y = list(range(len(ms)))
    ax.errorbar([v[0] for v in vals], y, xerr=[[v[1] for v in vals], [v[2] for v in vals]],
                fmt="o", capsize=4, color="tab:blue")
    ax.axvline(50, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel(f"win rate of {out['deck']} (%), 95% interval")
    ax.set_title("Win rate per matchup")
    return _svg(fig)


def plot_first_second(out: dict) -> str:
    plt = _pyplot()
    ms = out["matchups"]
    names = [m["deck_b"] for m in ms]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    width = 0.38
    for k, (key, label) in enumerate((("a_going_first", "going first"),
                                      ("a_going_second", "going second"))):
        vals = [_interval(m[key]) for m in ms]
        xs = [i + (k - 0.5) * width for i in range(len(ms))]
        ax.bar(xs, [v[0] for v in vals], width, label=label,
               yerr=[[v[1] for v in vals], [v[2] for v in vals]], capsize=3)
    ax.axhline(50, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(ms)), names)
    ax.set_ylim(0, 100)
    ax.set_ylabel("win rate (%)")
    ax.set_title(f"{out['deck']} going first and going second")
    ax.legend()
    return _svg(fig)


def plot_endings(out: dict, rows) -> str:
    plt = _pyplot()
    names = [name for name, _ in rows]
    kinds = sorted({(r[1], r[3]) for _, st in rows for r in st.records})
    fig, ax = plt.subplots(figsize=(7, 3.5))
    bottoms = [0] * len(rows)
    maps = {"win": plt.cm.Greens, "loss": plt.cm.Reds, "draw": plt.cm.Greys}
    for result, reason in kinds:
        same = [k for k in kinds if k[0] == result]
        shade = 0.45 + 0.4 * same.index((result, reason)) / max(len(same) - 1, 1)
        counts = [sum(1 for r in st.records if r[1] == result and r[3] == reason)
                  for _, st in rows]
        ax.bar(range(len(rows)), counts, bottom=bottoms, label=f"{result}: {reason}",
               color=maps[result](shade))
        bottoms = [b + c for b, c in zip(bottoms, counts)]
    ax.set_xticks(range(len(rows)), names)
    ax.set_ylabel("duels")
    ax.set_title(f"How the duels ended ({out['deck']}'s result: reason)")
    ax.legend(fontsize="small", bbox_to_anchor=(1.02, 1), loc="upper left")
    return _svg(fig)


def plot_turns(out: dict, rows) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.5))
    data = [[r[4] for r in st.records] for _, st in rows]
    ax.boxplot(data)
    ax.set_xticks(range(1, len(rows) + 1), [name for name, _ in rows])
    ax.set_ylabel("turns per duel")
    ax.set_title("Turns")
    return _svg(fig)


def table_html(out: dict) -> str:
    def cell(r):
        if r["rate"] is None:
            return "<td>-</td>"
        return (f"<td>{100 * r['rate']:.1f}% <small>[{100 * r['low']:.1f}, "
                f"{100 * r['high']:.1f}]</small></td>")
    head = ("<tr><th>against</th><th>games</th><th>win rate [95%]</th><th>going first</th>"
            "<th>going second</th><th>draws</th><th>mean turns</th></tr>")
    body = []
    for m in out["matchups"]:
        body.append(f"<tr><td>{html.escape(m['deck_b'])}</td><td>{m['games']}</td>"
                    f"{cell(m['win_rate_a'])}{cell(m['a_going_first'])}"
                    f"{cell(m['a_going_second'])}<td>{m['draws']}</td>"
                    f"<td>{m['mean_turns']:.1f}</td></tr>")
    o = out["overall"]
    body.append(f"<tr class='total'><td>overall</td><td>{o['games']}</td>{cell(o)}"
                "<td></td><td></td><td></td><td></td></tr>")
    return f"<table>{head}{''.join(body)}</table>"


def gauntlet_html(out: dict, rows) -> str:
    esc = html.escape
    title = f"{out['deck']} against the field"
    plots = [("Win rate per matchup", plot_win_rates(out)),
             ("Going first and second", plot_first_second(out)),
             ("How the duels ended", plot_endings(out, rows)),
             ("Turns", plot_turns(out, rows))]
    figs = "\n".join(f"<h2>{esc(t)}</h2><div class='plot'>{svg}</div>" for t, svg in plots)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>
body {{ font-family: sans-serif; max-width: 60em; margin: 2em auto; color: #222; }}
table {{ border-collapse: collapse; }} td, th {{ padding: 0.3em 0.8em; border-bottom: 1px solid #ccc;
text-align: right; }} td:first-child, th:first-child {{ text-align: left; }}
tr.total {{ font-weight: bold; }} .plot svg {{ max-width: 100%; height: auto; }}
</style></head><body>
<h1>{esc(title)}</h1>
<p>{esc(out['deck'])} played by <b>{esc(out['agent'])}</b>; the field played by
<b>{esc(out['opponent_agent'])}</b>. Rules {esc(out['rules'])}, seed {out['seed']},
{out['games_per_matchup']} duels per matchup with seats swapped every duel. Intervals are 95%
Wilson score intervals.</p>
{"".join(f"<p class='warning'><b>{esc(w)}</b></p>" for w in out.get("warnings", ()))}
{table_html(out)}
{figs}
</body></html>
"""


def write_gauntlet_report(path: str, out: dict, rows) -> None:
    text = gauntlet_html(out, rows)
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise YgosimError(f"--report {path}: cannot write: {e.strerror}")
