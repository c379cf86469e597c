#!/usr/bin/env python3
"""The questions `fray --odds` answers for large casts, asked of icepool (pip install icepool)
where icepool can express them, timed, and checked fraction for fraction against fray.

    bench/icepool_odds.py FRAY      prints a Markdown table (bench/run calls it)
    bench/icepool_odds.py FRAY roll only the `fray roll --odds` table

icepool has no roll-off (a tie settled by re-rolling until it breaks) and no reading of who holds
a place in a pool, so only casts whose ties a fixed key settles are put to it: "who acts first" is
the chance to beat the highest of the others, and a place is one plus the number of others ahead,
summed over one's own roll.
"""

import json
import subprocess
import sys
import time
from fractions import Fraction

try:
    import icepool
except ImportError:
    print("icepool is not installed (pip install icepool); no comparison was made")
    sys.exit(0)


def fray_odds(fray, args):
    """fray's exact answer to `args` as {part: {outcome: Fraction}} (None when fray estimates),
    and its time in seconds."""
    start = time.perf_counter()
    out = subprocess.run([fray, "--odds", "-f", "json", *args], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    doc = json.loads(out.stdout)
    if not doc["exact"]:
        return None, elapsed
    parts = {}
    for e in doc["odds"]:
        if "fraction" in e:
            parts.setdefault(e.get("part"), {})[json.dumps(e["outcome"])] = Fraction(e["fraction"])
    return parts, elapsed


def d20_cast(n):
    """n 5e combatants, d20 + init, each with its own Dex (so a tie on the total goes to Dex)."""
    return [((i * 7) % 9 - 2, 10 - i) for i in range(n)]


def best(dice):
    """The highest roll of `dice` (icepool's highest() of a single argument is not that)."""
    if not dice:
        return icepool.Die([-99])
    return dice[0] if len(dice) == 1 else icepool.highest(*dice)


def d20_questions(cast):
    """Who acts first and each one's place, as icepool computes them."""
    d20 = icepool.d20
    answers = {}
    for i, (init, dex) in enumerate(cast):
        mine = d20 + init
        higher = [d20 + a for j, (a, d) in enumerate(cast) if j != i and d > dex]
        lower = [d20 + a for j, (a, d) in enumerate(cast) if j != i and d < dex]
        above, below = best(higher), best(lower)
        first = icepool.map(lambda x, a, b: x > a and x >= b, mine, above, below)
        answers.setdefault("first", {})[json.dumps(f"C{i}")] = first.probability(True)

        def ahead(v):
            count = icepool.Die([0])
            for j, (j_init, j_dex) in enumerate(cast):
                if j != i:
                    beats = (d20 + j_init > v) if j_dex < dex else (d20 + j_init >= v)
                    count = count + beats.map({True: 1, False: 0})
            return count

        place = mine.map(ahead) + 1
        answers[f"place: C{i}"] = {json.dumps(k): place.probability(k) for k in place.outcomes()}
    return answers


def wod_round_one():
    """wod: Mitch (d10 + 5, ahead on a tie at 15) against forty whose initiative is 15; each is
    surprised (out of round 1) when a 4-die pool shows no success (8+). Mitch first in round 1."""
    pool = sum(((icepool.d10 >= 8).map({True: 1, False: 0}) for _ in range(4)), icepool.Die([0]))
    caught = pool.probability(0)
    free = 1 - caught
    ahead = (icepool.d10 + 5 >= 15).probability(True)
    return {"round 1": {json.dumps("Mitch"): free * (ahead + (1 - ahead) * caught**40)}}


def cofd_cast():
    """Ten cofd defenders (Wits, Composure, initiative modifier, each modifier its own, so a
    fixed key settles every tie) and an ambusher (Dexterity 3 + Stealth 2, modifier 10)."""
    return [(1 + i % 4, 1 + i % 3, i) for i in range(10)]


def cofd_pool(dice):
    """A pool's successes as fray follows them: each die 0 (1-7), s >= 1 with 27/100 (1/10)^(s-1)
    (10-again), counts below the cap (dice + 4) exact, the cap standing for that many or more."""
    cap = dice + 4
    weights = {0: 7 * 10 ** (cap - 1)}
    weights.update({s: 27 * 10 ** (cap - 1 - s) for s in range(1, cap)})
    weights[cap] = 10**cap - sum(weights.values())
    die = icepool.Die(weights)
    return (die.pool(dice).sum()).map(lambda s: min(s, cap)), cap


def cofd_turn_one():
    """cofd encounter: each defender's contest against the ambush pool (surprised: fewer
    successes; undetermined when a count at a cap could go either way), then who acts first in
    turn 1 among those not surprised, d10 + modifier, ties to the higher modifier."""
    ambush, a_cap = cofd_pool(5)
    cast = cofd_cast()
    contests = []
    for wits, composure, _ in cast:
        defence, d_cap = cofd_pool(wits + composure)

        def verdict(d, a):
            if d < d_cap and a < a_cap:
                return "surprised" if a > d else "stays"
            if d == d_cap and a < a_cap and a < d:
                return "stays"
            if a == a_cap and d < d_cap and d < a:
                return "surprised"
            return "undetermined"

        v = icepool.map(verdict, defence, ambush)
        contests.append((v.probability("surprised"), v.probability("undetermined")))
    contests.append((0, 0))  # the ambusher
    mods = [m for _, _, m in cast] + [10]
    names = [f"C{i}" for i in range(len(cast))] + ["T"]
    absent = -99

    def total(j):
        surprised = contests[j][0]
        if surprised == 0:
            return icepool.d10 + mods[j]
        # Whole weights: surprised 10·n of 10·d, each face d − n of 10·d.
        n, d = surprised.numerator, surprised.denominator
        return icepool.Die({absent: 10 * n, **{f + mods[j]: d - n for f in range(1, 11)}})

    answers = {}
    undetermined = 0
    for i, name in enumerate(names):
        mine = icepool.d10 + mods[i]
        higher = best([total(j) for j in range(len(names)) if j != i and mods[j] > mods[i]])
        lower = best([total(j) for j in range(len(names)) if j != i and mods[j] < mods[i]])
        first = icepool.map(lambda x, a, b: x > a and x >= b, mine, higher, lower).probability(True)
        surprised, unknown = contests[i]
        answers[json.dumps(name)] = first * (1 - surprised - unknown)
        undetermined += first * unknown
    answers[json.dumps("undetermined")] = undetermined
    return {"turn 1": answers}


CASES = [
    (
        "5e initiative, 12 combatants, d20 + init, Dex apart",
        ["-r", "5e", "initiative"] + [f"C{i}:init={a},dex={d}" for i, (a, d) in enumerate(d20_cast(12))],
        lambda: d20_questions(d20_cast(12)),
    ),
    (
        "5e initiative, 16 combatants, d20 + init, Dex apart",
        ["-r", "5e", "initiative"] + [f"C{i}:init={a},dex={d}" for i, (a, d) in enumerate(d20_cast(16))],
        lambda: d20_questions(d20_cast(16)),
    ),
    (
        "wod encounter, Mitch and W*40 with known totals: round 1",
        ["-r", "wod", "encounter", "Mitch:init=5", "W*40:initiative=15,side=monsters"],
        wod_round_one,
    ),
    (
        "cofd encounter, 11 combatants: each one's contest, then who acts first in turn 1",
        ["-r", "cofd", "encounter"]
        + [f"C{i}:wits={w},composure={c},init={m}" for i, (w, c, m) in enumerate(cofd_cast())]
        + ["T:ambusher,dex=3,stealth=2,init=10,side=monsters"],
        cofd_turn_one,
    ),
]


# `fray roll --odds` beside icepool: the expression, the icepool code computing the same
# distribution, and the share of icepool's time fray is to stay under (issue 26).
# Exploding dice are timed at icepool's own depth and compared, below the first total where a
# deeper icepool lumps anything (`exact below`), against that deeper one.
ROLL_CASES = [
    ("20d20kh10", "icepool.d20.pool(20).highest(10).sum()", 0.1, None),
    ("100d10", "100 @ icepool.d10", 0.1, None),
    ("50d6", "50 @ icepool.d6", 0.1, None),
    ("10d6!", "10 @ icepool.d6.explode()", 0.1, ("10 @ icepool.d6.explode(depth=20)", 9 + 6 * 21)),
    ("5d20!", "5 @ icepool.d20.explode()", 0.1, ("5 @ icepool.d20.explode(depth=12)", 4 + 20 * 13)),
    ("12d12kl4", "icepool.d12.pool(12).lowest(4).sum()", 0.5, None),
]

ICEPOOL_FIRST = """
import sys, time, json
import icepool
start = time.perf_counter()
die = {code}
items = list(die.items())
elapsed = time.perf_counter() - start
den = die.denominator()
print(json.dumps({{"seconds": elapsed, "odds": {{str(k): f"{{q}}/{{den}}" for k, q in items}}}}))
"""


def icepool_first(code):
    """icepool's first computation of `code` in a fresh interpreter (icepool caches), import
    excluded, and its distribution."""
    out = subprocess.run([sys.executable, "-c", ICEPOOL_FIRST.format(code=code)], capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    return doc["seconds"], {int(k): Fraction(v) for k, v in doc["odds"].items()}


def fray_roll_odds(fray, expr, runs=11):
    """The least time of the whole `fray --odds roll EXPR` process (started from Python, which
    adds its own few milliseconds), and its listed fractions."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run([fray, "--odds", "-f", "json", "roll", expr], capture_output=True, text=True, check=True)
        times.append(time.perf_counter() - start)
    doc = json.loads(out.stdout)
    listed = {e["outcome"]: Fraction(e["fraction"]) for e in doc["odds"] if "fraction" in e}
    return min(times), doc, listed


def roll_table(fray):
    print()
    print("`fray roll --odds` (the least of 11 whole processes) beside icepool's first computation in a")
    print("fresh interpreter (median of 3, import excluded):")
    print()
    print("| expression | fray | icepool | fray ÷ icepool | target | outcomes compared | agree |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for expr, code, target, deeper in ROLL_CASES:
        fray_time, doc, listed = fray_roll_odds(fray, expr)
        firsts = [icepool_first(code) for _ in range(3)]
        icepool_time = sorted(t for t, _ in firsts)[1]
        theirs = firsts[0][1]
        if doc["exact"]:
            agree = listed == theirs
        else:
            # Exploding: fray lists the totals it has complete, the rest given as `beyond`.
            deep_code, below = deeper
            theirs = {v: p for v, p in icepool_first(deep_code)[1].items() if v < below}
            listed = {v: p for v, p in listed.items() if v < below}
            agree = listed == theirs and sum(listed.values()) <= 1
        ratio = fray_time / icepool_time
        word = "yes" if agree else "NO"
        mark = "" if ratio < target else " (missed)"
        print(f"| `{expr}` | {fray_time * 1000:.1f} ms | {icepool_time * 1000:.1f} ms | {ratio:.3f}{mark} | {target} | {len(listed)} | {word} |")


def main():
    fray = sys.argv[1] if len(sys.argv) > 1 else "target/release/fray"
    if len(sys.argv) > 2 and sys.argv[2] == "roll":
        roll_table(fray)
        return
    print(f"icepool {icepool.__version__}; times of one run each (fray: the whole process)")
    print()
    print("| question | fray | icepool | answers compared | agree |")
    print("|---|---:|---:|---:|---|")
    for title, args, ask in CASES:
        parts, fray_time = fray_odds(fray, args)
        start = time.perf_counter()
        answers = ask()
        icepool_time = time.perf_counter() - start
        compared = 0
        agree = True
        for part, outcomes in answers.items():
            for outcome, p in outcomes.items():
                compared += 1
                agree &= parts is not None and parts.get(part, {}).get(outcome, Fraction(0)) == p
        if parts is None:
            compared, word = 0, "fray estimates: nothing to compare"
        else:
            word = "yes" if agree else "NO"
        print(f"| {title} | {fray_time * 1000:.1f} ms | {icepool_time * 1000:.1f} ms | {compared} | {word} |")
    roll_table(fray)


if __name__ == "__main__":
    main()
