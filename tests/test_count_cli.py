"""``dominosa-lab count``: the exact count, a limit, a time limit and JSON."""

import json

from dominosa_lab.cli import EXIT_USAGE, main


def test_count_prints_the_exact_number_of_solutions(capsys):
    assert main(["count", "tcg-n10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("16 solutions\n") and "status: solved" in out


def test_count_with_a_limit_says_at_least(capsys):
    assert main(["count", "tcg-n10", "--limit", "3"]) == 0
    assert capsys.readouterr().out.startswith("at least 3 solutions\n")


def test_count_json_is_one_object_with_count_and_status(capsys):
    assert main(["count", "mikefc-small", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["count"], record["status"], record["exact"]) == (1, "solved", True)


def test_count_time_limit_takes_none(capsys):
    assert main(["count", "tcg-n10", "--time-limit", "none", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 16


def test_count_rejects_a_limit_below_one(capsys):
    assert main(["count", "tcg-n10", "--limit", "0"]) == EXIT_USAGE
    assert "--limit" in capsys.readouterr().err



def test_count_stopped_by_a_budget_says_it_is_not_counted(monkeypatch, capsys):
    from dominosa_lab import solvers
    from dominosa_lab.core.search import SearchStats
    from dominosa_lab.solvers.run import SolutionCount

    stopped = SolutionCount(0, "stopped", SearchStats(), "time limit of 1 s exhausted")
    monkeypatch.setattr(solvers, "count_solutions", lambda *args, **kwargs: stopped)
    assert main(["count", "tcg-n10", "--time-limit", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("not counted") and "status: stopped (time limit" in out
