"""The one vocabulary of flags: the same flag for the same thing in every command, names in any
case, every mistake one line naming the flag as it was typed, and the README's table of them."""

import json
import re
from pathlib import Path

import pytest

from dominosa_lab import cli
from dominosa_lab.cli import COMMANDS, build_parser, main
from dominosa_lab.cli.flags import FLAGS
from dominosa_lab.formats import catalog

README = Path(__file__).parents[1] / "README.md"


def _parsers():
    """Each command's parser, its options built."""
    top = build_parser()
    sub = next(a for a in top._actions if a.dest == "command")
    for parser in sub.choices.values():
        parser.format_help()
    return sub.choices


def _options(parser):
    """The flags a parser takes (refused spellings left out) and the help of each."""
    return {spelling: action.help for action in parser._actions
            for spelling in action.option_strings if action.help != "==SUPPRESS=="}


def _refused(capsys, argv):
    """The one line of a refused command line."""
    assert main(argv) == 2, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.removeprefix("dominosa-lab: error: ").rstrip("\n")


def test_version_prints_the_name_and_the_installed_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert re.fullmatch(r"dominosa-lab \d+\.\d+\.\d+\S*\n", capsys.readouterr().out)


def test_a_flag_of_the_vocabulary_has_the_same_meaning_in_every_command():
    for name, parser in _parsers().items():
        for spelling, text in _options(parser).items():
            if spelling in FLAGS:
                assert text.startswith(FLAGS[spelling].meaning), (name, spelling)


def test_a_flag_outside_the_vocabulary_that_two_commands_take_means_the_same_in_both():
    helps = {}
    for parser in _parsers().values():
        for spelling, text in _options(parser).items():
            if spelling.startswith("--") and spelling not in FLAGS:
                helps.setdefault(spelling, set()).add(text)
    assert {spelling: texts for spelling, texts in helps.items() if len(texts) > 1} == {}


def _readme_table():
    """The rows of the README's table of flags: each flag and the commands it lists."""
    rows = {}
    for line in README.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`-"):
            spellings = re.findall(r"`([^`]+)`", cells[0])
            rows[spellings[-1].split()[0]] = set(re.findall(r"`([a-z]+)`", cells[2]))
    return rows


def test_the_readme_table_of_flags_lists_each_flag_with_every_command_that_takes_it():
    taken = {}
    for name, parser in _parsers().items():
        for spelling in _options(parser):
            if spelling.startswith("--") and spelling not in ("--help", "--debug"):
                taken.setdefault(spelling, set()).add(name)
    table = _readme_table()
    shared = {spelling: names for spelling, names in taken.items() if len(names) > 1}
    assert {spelling: table.get(spelling) for spelling in shared} == shared
    assert {spelling: taken.get(spelling) for spelling in table} == table


@pytest.mark.parametrize(("argv", "message"), [
    (["draw", "mikefc-small", "-o"], "-o: expected one argument"),
    (["draw", "mikefc-small", "--out"], "--out: expected one argument"),
    (["solve", "mikefc-small", "--method", "quick"], "--method must be one of 'collision', "),
    (["solve", "mikefc-small", "--nodes", "3"], "unrecognized arguments: --nodes 3"),
    (["solve", "mikefc-small", "--max-n", "3"], "unrecognized arguments: --max-n 3"),
    (["solve"], "solve needs PUZZLE (see dominosa-lab solve --help)"),
    (["solve", "mikefc-small", "--all", "--limit", "2"], "--limit: not allowed with argument "
                                                         "--all"),
    (["count", "mikefc-small", "--limit", "0"], "--limit must be an integer >= 1, got 0"),
    (["grade", "mikefc-small", "--max-level", "medium"], "--max-level must be one of 'trivial'"),
    (["sovle", "mikefc-small"], "COMMAND: 'sovle' is not one of 'solve', "),
])
def test_every_mistake_in_the_command_line_is_one_line_naming_the_flag_as_typed(
        argv, message, capsys):
    assert _refused(capsys, argv).startswith(message)


@pytest.mark.parametrize("argv", [
    ["count", "mikefc-small", "--limit", "0"],
    ["solve", "mikefc-small", "--time-limit", "soon"],
    ["solve", "mikefc-small", "--max-nodes", "-1"],
    ["generate", "x"],
    ["hint", "mikefc-small", "--steps", "1.5"],
    ["solve", "mikefc-small", "--seed", "3"],
])
def test_no_message_speaks_python(argv, capsys):
    said = _refused(capsys, argv)
    assert not re.search(r"\((int|str|float|NoneType)\)|\bNone\b|invalid int value", said), said


@pytest.mark.parametrize("command", ["generate", "print"])
def test_n_is_the_first_argument_of_generate_and_print_and_dash_n_names_it(command, capsys):
    said = _refused(capsys, [command, "-n", "4"])
    assert said == f"{command} takes no -n: N is the first argument, as in dominosa-lab " \
                   f"{command} 9"


def test_generate_takes_a_grade_in_any_case(capsys):
    assert main(["generate", "5", "--grade", "Hard", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["grade"] == "hard"


def test_grade_takes_a_level_in_any_case(capsys):
    assert main(["grade", "3:00033121123313202210", "--max-level", "HARD"]) == 0
    assert capsys.readouterr().out.startswith("needs a guess\n")


def test_a_name_of_several_words_takes_dashes_for_spaces(capsys):
    assert main(["generate", "4", "--grade", "needs-a-guess", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["grade"] == "needs a guess"


def test_count_takes_a_method_and_a_node_budget(capsys):
    assert main(["count", "tcg-n10", "--method", "DLX", "--max-nodes", "5", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert (record["method"], record["status"], record["exact"]) == ("dlx", "stopped", False)


def test_count_with_a_method_counts_by_listing_and_agrees(capsys):
    assert main(["count", "tcg-n10", "--method", "rowscan"]) == 0
    assert capsys.readouterr().out.startswith("16 solutions\n")


def test_catalog_json_is_one_line_per_puzzle(capsys):
    assert main(["catalog", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["name"] for r in records] == catalog.names()
    assert {"n", "rows", "cols", "title", "source", "tatham_id"} <= set(records[0])


def test_json_is_one_line_without_spaces_between_the_items(capsys):
    assert main(["solve", "tcg-n10", "--all", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and ", " not in out.replace(", ", "") and '": ' not in out
    assert json.loads(out)["count"] == 16


def test_every_command_but_those_of_the_checkout_shows_examples_in_its_help(capsys):
    for name in COMMANDS:
        with pytest.raises(SystemExit):
            main([name, "--help"])
        has = "examples:" in capsys.readouterr().out
        assert has == (name not in ("reproduce", "student")), name  # they read notebooks/


def test_the_commands_are_the_modules_of_the_package():
    folder = Path(cli.__file__).parent
    assert all((folder / f"{module}.py").is_file() for module in COMMANDS.values())
