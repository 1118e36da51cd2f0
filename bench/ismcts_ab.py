"""A/B smoke of IS-MCTS constants against greedy (issue 21, item 1).

    python bench/ismcts_ab.py OUT.jsonl START END SECONDS [FIELD=VALUE ...]

plays games START..END-1 of `wec match ismcts greedy --seconds SECONDS --opening-turns 2` (the
same openings, colours and seeds as that match, so a run pairs game by game with a match's
results file) with wec.ai.ismcts.PARAMS changed by the FIELD=VALUE arguments (IsmctsParams fields,
e.g. exploration=0.4). One JSON line per game in OUT as it finishes; run again, it resumes.
PROCS=N processes (default 2). To measure another checkout
(built in place), put it first on the path: `PYTHONPATH=CHECKOUT python bench/...` (the
venv's wec is /work/main's, installed editable)."""
import dataclasses
import json
import os
import sys
from multiprocessing import get_context

def _value(text):
    if text in ("True", "False"):
        return text == "True"
    return float(text) if "." in text else int(text)


def setup(changes):
    import wec.ai.ismcts as im
    im.PARAMS = dataclasses.replace(im.PARAMS, **changes)

def play(job):
    from wec.tools.match import play_one
    r = play_one(job)
    return {"game": r.index, "score_a": r.score_a, "turns": r.turns, "reason": r.reason,
            "adjudicated": r.adjudicated, "wall_seconds": round(r.seconds, 1)}

if __name__ == "__main__":
    out, start, end, secs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    changes = {k: _value(v) for k, _, v in (kv.partition("=") for kv in sys.argv[5:])}
    done = set()
    if os.path.exists(out):
        with open(out) as f:
            done = {json.loads(line)["game"] for line in f}
    jobs = [(i, "ismcts", "greedy", secs, 200, None, 2) for i in range(start, end) if i not in done]
    procs = int(os.environ.get("PROCS", "2"))
    with get_context("spawn").Pool(procs, initializer=setup, initargs=(changes,)) as pool:
        for rec in pool.imap_unordered(play, jobs):
            rec["changes"] = changes
            with open(out, "a") as f:
                f.write(json.dumps(rec) + "\n")
            print(json.dumps(rec), flush=True)
