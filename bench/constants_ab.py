"""A/B of wec.ai constants in the games of a match (issue 21, item 4).

    python bench/constants_ab.py OUT.jsonl A B START END SECONDS [NAME=VALUE ...]

plays games START..END-1 of `wec match A B --seconds SECONDS --opening-turns 2` (the same
openings, colours and seeds as that match, so a run pairs game by game with the match's results
file) with the wec.ai constants NAME set to VALUE in every worker (e.g. APPROACH_REACH=3: both
players run in the worker, but only a fair player builds views). One JSON line per game in OUT
as it finishes; run again, it resumes; Ctrl-C stops. PROCS=N processes (default 2). To measure
another checkout (built in place), put it first on the path: `PYTHONPATH=CHECKOUT python
bench/...` (the venv's wec is /work/main's, installed editable).

    python bench/constants_ab.py OUT.jsonl --pair RESULTS.jsonl

prints the run against the match's results file on the same games (score of A in each)."""
import json
import os
import sys
from multiprocessing import get_context


def _value(current, text):
    """`text` as a value of `current`'s type ("False" is False)."""
    if isinstance(current, bool):
        if text not in ("True", "False"):
            raise SystemExit(f"expected True or False, got {text}")
        return text == "True"
    return type(current)(text)


def setup(changes):
    import wec.ai
    for name, value in changes.items():
        setattr(wec.ai, name, value)


def play(job):
    from wec.tools.match import play_one
    r = play_one(job)
    return {"game": r.index, "score_a": r.score_a, "turns": r.turns, "reason": r.reason,
            "adjudicated": r.adjudicated, "wall_seconds": round(r.seconds, 1)}


def pair(out, results):
    with open(out) as f:
        ab = {row["game"]: row["score_a"] for row in map(json.loads, f)}
    with open(results) as f:
        base = {row["game"]: row["score_a"] for row in map(json.loads, f)}
    games = sorted(ab.keys() & base.keys())
    if not games:
        print("no game in both files")
        return
    same = sum(ab[g] == base[g] for g in games)
    print(f"{len(games)} games: changed {sum(ab[g] for g in games) / len(games):.3f}, "
          f"match {sum(base[g] for g in games) / len(games):.3f}; {same} results the same, "
          f"{sum(ab[g] > base[g] for g in games)} better, {sum(ab[g] < base[g] for g in games)} "
          "worse")


def main(argv):
    if len(argv) == 3 and argv[1] == "--pair":
        return pair(argv[0], argv[2])
    out, a, b, start, end, secs = argv[:6]
    import wec.ai
    changes = {}
    for setting in argv[6:]:
        name, _, value = setting.partition("=")
        changes[name] = _value(getattr(wec.ai, name), value)
    done = set()
    if os.path.exists(out):
        with open(out) as f:
            done = {json.loads(line)["game"] for line in f}
    jobs = [(i, a, b, float(secs), 200, None, 2) for i in range(int(start), int(end))
            if i not in done]
    procs = int(os.environ.get("PROCS", "2"))
    with get_context("spawn").Pool(procs, initializer=setup, initargs=(changes,)) as pool:
        try:
            for rec in pool.imap_unordered(play, jobs):
                rec["changes"] = changes
                with open(out, "a") as f:
                    f.write(json.dumps(rec) + "\n")
                print(json.dumps(rec), flush=True)
        except KeyboardInterrupt:
            pool.terminate()
            print("stopped; run again to resume")


if __name__ == "__main__":
    main(sys.argv[1:])
