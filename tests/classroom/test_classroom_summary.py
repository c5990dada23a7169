"""``python -m cafe_widget.classroom summary``: the class's progress read from the
files students hand in — each format, the numbers of a small class, the files that are skipped
(and why, in one line, never a traceback), nbgrader's grades, and the heat map."""

from __future__ import annotations

import csv
import json
import re

import pytest

from cafe_widget.teach import progress_file as prog
from cafe_widget.classroom import __main__ as cli
from cafe_widget.classroom.progress import summary
from cafe_widget.teach import progress

ALL = sum(len(exercises) for exercises in prog.course().values())   # 46
HEADER = "assignment,duedate,timestamp,student_id,last_name,first_name,email,raw_score,late_submission_penalty,score,max_score\n"

#: A small made-up class: ana hands in the JSON export, ben the CSV export, cleo her record itself.
ANA = {"1.1": ("solved", 1), "1.2": ("solved", 2), "1.3": ("answer", 3), "2.1": ("tried", 1)}
BEN = {"1.1": ("solved", 3), "1.2": ("tried", 2), "1.3": ("answer", 2)}
CLEO = {"1.1": ("solved", 1), "1.2": ("solved", 1), "2.1": ("answer", 4)}


def exported_json(where, exercises, student=None):
    """As ``progress.export`` writes it: every exercise of the course, with its notebook."""
    data = {"format": prog.FORMAT, "version": 1}
    if student is not None:
        data["student"] = student
    data["exercises"] = {ex: {"notebook": nb, "state": exercises.get(ex, ("not tried", 0))[0],
                              "tries": exercises.get(ex, ("not tried", 0))[1]}
                         for nb, exs in prog.course().items() for ex in exs}
    where.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return where


def exported_csv(where, exercises, student=None):
    with open(where, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["notebook", "exercise", "state", "tries"] + (["student"] if student else []))
        for nb, exs in prog.course().items():
            for ex in exs:
                state, tries = exercises.get(ex, ("not tried", 0))
                writer.writerow([nb, ex, state, tries] + ([student] if student else []))
    return where


def raw_record(where, exercises):
    """The record ``progress.json`` itself: only what was done, no notebook."""
    where.write_text(json.dumps({"format": prog.FORMAT, "version": 1, "exercises": {
        ex: {"state": st, "tries": tr} for ex, (st, tr) in exercises.items()}}), encoding="utf-8")
    return where


@pytest.fixture
def klass(tmp_path):
    folder = tmp_path / "handed-in"
    folder.mkdir()
    exported_json(folder / "a.json", ANA, student="Ana")
    exported_csv(folder / "ben.csv", BEN)
    raw_record(folder / "cleo.json", CLEO)
    return folder


def run(capsys, *argv):
    """``python -m cafe_widget.classroom summary …``: (status, stdout, stderr)."""
    status = cli.main(["summary", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


def tree(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


# -- each format --------------------------------------------------------------------------------

def test_each_format_is_read_and_named(tmp_path):
    a = summary.read(exported_json(tmp_path / "x.json", ANA, student="Ana"))
    assert (a.student, a.exercises, a.sources) == ("Ana", ANA, (str(tmp_path / "x.json"),))
    assert summary.read(exported_json(tmp_path / "anonymous.json", ANA)).student == "anonymous"
    b = summary.read(exported_csv(tmp_path / "ben.csv", BEN))
    assert (b.student, b.exercises) == ("ben", BEN)
    assert summary.read(exported_csv(tmp_path / "b2.csv", BEN, student="Ben Z.")).student == "Ben Z."
    resaved = exported_csv(tmp_path / "b3.csv", BEN).read_text().replace("\n01,", "\n1,")   # a spreadsheet's doing
    (tmp_path / "b3.csv").write_text(resaved)
    assert summary.read(tmp_path / "b3.csv").exercises == BEN
    c = summary.read(raw_record(tmp_path / "progress.json", CLEO))
    assert (c.student, c.exercises) == ("progress", CLEO)
    assert c.entry("2.1") == {"state": "answer", "tries": 4} and c.entry("9.1") == {"state": "not tried", "tries": 0}


def test_the_students_own_export_with_her_name_is_read(tmp_path, capsys):
    prog.record("4.1", "right", 1, False)
    prog.record("2.3", "answer", 3, True)
    progress(export=tmp_path / "mine.csv", name="  Zoé   Martin ")
    progress(export=tmp_path / "mine.json", name="Zoé Martin")
    progress(export=tmp_path / "plain.csv")
    capsys.readouterr()
    rows = list(csv.reader((tmp_path / "mine.csv").open(encoding="utf-8")))
    assert rows[0] == ["notebook", "exercise", "state", "tries", "student"]
    assert ["04", "4.1", "solved", "1", "Zoé Martin"] in rows and len(rows) == 1 + ALL
    assert list(csv.reader((tmp_path / "plain.csv").open()))[0] == ["notebook", "exercise", "state", "tries"]
    data = json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))
    assert data["student"] == "Zoé Martin" and data["exercises"]["2.3"] == {"notebook": "02", "state": "answer", "tries": 3}
    assert "student" not in json.loads(prog.export(tmp_path / "anonymous.json").read_text())
    for name in ("mine.csv", "mine.json"):
        r = summary.read(tmp_path / name)
        assert (r.student, r.exercises) == ("Zoé Martin", {"2.3": ("answer", 3), "4.1": ("solved", 1)})
    with pytest.raises(ValueError, match="name= is your name"):
        prog.export(tmp_path / "x.csv", name="  ")


def test_a_name_cannot_carry_control_characters_into_the_terminal(tmp_path):
    (tmp_path / "x.json").write_text(json.dumps({"format": prog.FORMAT, "version": 1, "student": "Ana\x1b[31m\n B",
                                                 "exercises": {}}))
    assert summary.read(tmp_path / "x.json").student == "Ana\ufffd[31m B"


# -- the numbers of a small class ---------------------------------------------------------------

def test_the_class_summary_says_who_did_what_and_each_exercise(klass, capsys):
    status, out, err = run(capsys, klass)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:6] == [
        f"Class summary: 3 students, {ALL} exercises in the course.",
        "",
        f"Who did what (of the {ALL} exercises)",
        "Student  Solved  Answer shown  Tried, not solved  Not tried",
        "Ana           2             1                  1         42",
        "ben           1             1                  1         43"]
    assert lines[6] == "cleo          2             1                  0         43"
    start = lines.index("Exercise by exercise (success rate: solved by how many of the class)")
    assert lines[start + 1:start + 7] == [
        "Exercise  Tried  Solved  Success rate  Mean tries  Answer shown",
        "1.1           3       3          100%         1.7             0",
        "1.2           3       2           67%         1.5             0",
        "1.3           2       0            0%           –             2",
        "1.4           0       0            0%           –             0",
        "2.1           2       0            0%           –             1"]
    assert [line.split()[0] for line in lines[start + 2:start + 2 + ALL]] == [
        ex for exs in prog.course().values() for ex in exs]                 # course order, all of them
    start = lines.index("Most often failed (tried without solving, or the answer shown)")
    assert lines[start + 1:] == [
        "Exercise  Failed  Tried, not solved  Answer shown",
        "1.3            2                  0             2",                # ties in course order
        "2.1            2                  1             1",
        "1.2            1                  1             0",
        "",
        "Files: 3 read, 0 skipped."]


def test_at_most_five_exercises_most_failed_ties_in_course_order():
    failing = ["14.5", "1.4", "3.1", "2.2", "9.2", "5.1", "6.3"]
    records = [summary.Record("a", {ex: ("tried", 1) for ex in failing}, ("a.json",)),
               summary.Record("b", {"9.2": ("answer", 3), "6.3": ("answer", 1), "1.4": ("solved", 2)}, ("b.json",))]
    worst = summary.tally(records).most_failed()
    assert [(e.exercise, e.failed, e.still, e.answers) for e in worst] == [
        ("6.3", 2, 1, 1), ("9.2", 2, 1, 1), ("1.4", 1, 1, 0), ("2.2", 1, 1, 0), ("3.1", 1, 1, 0)]
    nobody = summary.tally([summary.Record("c", {"1.1": ("solved", 1)}, ("c.json",))])
    assert nobody.most_failed() == ()
    assert nobody.exercises[0].mean_tries == 1 and nobody.exercises[1].mean_tries is None


def test_a_class_that_failed_nothing_is_told_so(tmp_path, capsys):
    raw_record(tmp_path / "dora.json", {"1.1": ("solved", 1)})
    status, out, _ = run(capsys, tmp_path / "dora.json")
    assert status == 0 and out.endswith("Most often failed (tried without solving, or the answer shown)\n"
                                        "None: every exercise tried was solved, no answer shown.\n\n"
                                        "Files: 1 read, 0 skipped.\n")
    assert out.startswith(f"Class summary: 1 student, {ALL} exercises in the course.\n")


def test_numbers_are_rounded_half_up():
    assert [summary.percent(p, 8) for p in (1, 3, 8, 0)] == ["13%", "38%", "100%", "0%"]
    assert [summary.decimal(x) for x in (1.25, 1.0, 5 / 3, 2.95)] == ["1.3", "1.0", "1.7", "3.0"]


# -- files that are skipped ---------------------------------------------------------------------

def test_the_same_record_twice_is_counted_once(klass, capsys):
    exported_csv(klass / "copy.csv", ANA, student="ana")                  # the same, in another format
    status, out, _ = run(capsys, klass)
    assert status == 0
    assert out.splitlines()[0] == f"{klass / 'a.json'}, {klass / 'copy.csv'}: the same record of Ana, counted once."
    assert "Class summary: 3 students" in out and out.endswith("Files: 4 read, 0 skipped.\n")


def test_different_records_under_one_name_are_all_skipped(klass, capsys):
    raw_record(klass / "progress.json", ANA)                              # no name: the stem
    (klass / "sub").mkdir()
    raw_record(klass / "sub" / "progress.json", BEN)                      # a folder is not read within
    status, out, _ = run(capsys, klass, klass / "sub" / "progress.json", klass / "a.json")   # a.json once
    assert status == 0
    assert out.splitlines()[0] == (
        f"{klass / 'progress.json'}, {klass / 'sub' / 'progress.json'}: different records under the same "
        "name, progress; all skipped (name each file after its student, or export with name=…).")
    assert "Class summary: 3 students" in out and out.endswith("Files: 3 read, 2 skipped.\n")


def test_a_file_from_another_version_of_the_course_is_skipped(klass, capsys):
    old = json.loads(exported_json(klass / "old.json", {}, student="Old").read_text())
    old["exercises"]["15.1"] = {"notebook": "15", "state": "solved", "tries": 1}
    (klass / "old.json").write_text(json.dumps(old))
    moved = exported_csv(klass / "moved.csv", {}).read_text().replace("04,4.2,", "05,4.2,")
    (klass / "moved.csv").write_text(moved)
    raw_record(klass / "older.json", {"4.3": ("tried", 1)})
    status, out, _ = run(capsys, klass)
    assert status == 0
    assert out.splitlines()[:3] == [
        f"{klass / 'moved.csv'}: from another version of the course (exercise 4.2 is in notebook 05 there, "
        "in notebook 04 here); skipped.",
        f"{klass / 'old.json'}: from another version of the course (this course has no exercise 15.1); skipped.",
        f"{klass / 'older.json'}: from another version of the course (this course has no exercise 4.3); skipped."]
    assert "Class summary: 3 students" in out and out.endswith("Files: 3 read, 3 skipped.\n")


BROKEN = [
    ("latin1.csv", "notebook,exercise,state,tries\n01,1.1,solved,1\n".encode() + b"\xe9\n", "not UTF-8 text"),
    ("empty.json", b"  \n", "the file is empty"),
    ("cut.json", b'{"format": "cafe_widget progress",\n "version": 1, "exer', "not valid JSON (line 2, column 16)"),
    ("list.json", b"[1, 2]", "neither a progress file of the course nor nbgrader's grades.csv"),
    ("other.json", b'{"format": "something else", "version": 1, "exercises": {}}',
     "neither a progress file of the course nor nbgrader's grades.csv"),
    ("v2.json", b'{"format": "cafe_widget progress", "version": 2, "exercises": {}}',
     "a progress file of version 2, which this course cannot read"),
    ("noex.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": [1]}',
     "its \"exercises\" is not a table of exercises"),
    ("entry.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": 3}}',
     "exercise 1.1 has no state and tries"),
    ("state.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "done", "tries": 1}}}',
     "exercise 1.1 has the state 'done', which is none of not tried, tried, solved, answer"),
    ("long.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "' + b"x" * 500
     + b'", "tries": 1}}}', "exercise 1.1 has the state '" + "x" * 39 + "…', which is none of not tried, tried, solved, answer"),
    ("minus.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "tried", "tries": -1}}}',
     "exercise 1.1 has '-1' tries, not a whole number"),
    ("bool.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "tried", "tries": true}}}',
     "exercise 1.1 has 'True' tries, not a whole number"),
    ("twice.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "tried", '
                   b'"tries": 1}, "1.1": {"state": "solved", "tries": 2}}}', "\"1.1\" is written twice in the same place"),
    ("name.json", b'{"format": "cafe_widget progress", "version": 1, "student": 7, "exercises": {}}',
     "the student's name is not a text"),
    ("half.csv", b"notebook,exercise,state,tries\n01,1.1,solved,2.5\n", "exercise 1.1 has '2.5' tries, not a whole number"),
    ("short.csv", b"notebook,exercise,state,tries\n01,1.1,solved,1\n\n01,1.2,tried\n",
     "line 4: 3 values where the header has 4"),
    ("quote.csv", b'notebook,exercise,state,tries\n01,1.1,"solved"x,1\n', "not valid CSV (line 2)"),
    ("again.csv", b"notebook,exercise,state,tries\n01,1.1,tried,1\n01,1.1,solved,2\n", "exercise 1.1 is listed twice"),
    ("two.csv", b"notebook,exercise,state,tries,student\n01,1.1,tried,1,Ana\n01,1.2,tried,1,Ben\n",
     "holds several students (Ana, Ben), not one"),
    ("excel.csv", b"notebook;exercise;state;tries\n01;1.1;solved;1\n",
     "neither a progress file of the course nor nbgrader's grades.csv"),
    ("grades.csv", HEADER.encode() + b"01_the_cafe,,2024,ana,,,,3,0,three,5\n",
     "line 2: the score 'three' is not a number"),
    # a number of tries no student made (over a million), or no number at all: never an OverflowError
    ("huge.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "solved", "tries": '
     + b"1" + b"0" * 400 + b"}}}", "exercise 1.1 has '1" + "0" * 38 + "…' tries, not a whole number"),
    ("huger.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "solved", "tries": '
     + b"9" * 5000 + b"}}}", "exercise 1.1 has '" + "9" * 39 + "…' tries, not a whole number"),
    ("float.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "solved", '
                   b'"tries": 1e308}}}', "exercise 1.1 has '1e+308' tries, not a whole number"),
    ("inf.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "solved", '
                 b'"tries": 1e999}}}', "exercise 1.1 has 'inf' tries, not a whole number"),
    ("million.json", b'{"format": "cafe_widget progress", "version": 1, "exercises": {"1.1": {"state": "tried", '
                     b'"tries": 1000001}}}', "exercise 1.1 has '1000001' tries, not a whole number"),
    ("version.json", b'{"format": "cafe_widget progress", "version": ' + b"1" * 5000 + b', "exercises": {}}',
     "a progress file of version " + "1" * 39 + "…, which this course cannot read"),
    ("nines.csv", b"notebook,exercise,state,tries\n01,1.1,solved," + b"9" * 400 + b"\n",
     "exercise 1.1 has '" + "9" * 39 + "…' tries, not a whole number"),
    ("ninesss.csv", b"notebook,exercise,state,tries\n01,1.1,solved," + b"9" * 5000 + b"\n",
     "exercise 1.1 has '" + "9" * 39 + "…' tries, not a whole number"),
    ("nan.csv", HEADER.encode() + b"hw1,,2024,ana,,,,nan,0,nan,5\n", "line 2: the score 'nan' is not a number"),
    ("inf.csv", HEADER.encode() + b"hw1,,2024,ana,,,,3,0,3,inf\n", "line 2: the max_score 'inf' is not a number"),
    ("e999.csv", HEADER.encode() + b"hw1,,2024,ana,,,,1e999,0,1e999,5\n", "line 2: the score '1e999' is not a number"),
    ("bigint.csv", HEADER.encode() + b"hw1,,2024,ana,,,,3,0,3," + b"9" * 400 + b"\n",
     "line 2: the max_score '" + "9" * 39 + "…' is not a number"),
]


@pytest.mark.parametrize("name, content, why", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_file_is_said_in_one_line_and_the_others_still_summarised(klass, capsys, name, content, why):
    (klass / name).write_bytes(content)
    status, out, err = run(capsys, klass)
    assert (status, err) == (0, "")
    said = out.splitlines()[0]
    assert said in (f"{klass / name}: {why}; skipped.", f"{klass / name}, {why}; skipped."), said
    assert out.splitlines()[1:3] == ["", f"Class summary: 3 students, {ALL} exercises in the course."]
    assert out.endswith("Files: 3 read, 1 skipped.\n") and "Traceback" not in out


def test_a_million_tries_is_the_most_a_file_may_say(tmp_path, capsys):
    exported_json(tmp_path / "ana.json", {"1.1": ("solved", 1_000_000), "1.2": ("solved", 999_999)})
    exported_csv(tmp_path / "ben.csv", {"1.1": ("solved", 1_000_000), "1.2": ("tried", 1_000_000)})
    (tmp_path / "zoe.csv").write_text("notebook,exercise,state,tries\n01,1.1,solved,0001000000\n", encoding="utf-8")
    status, out, _ = run(capsys, tmp_path, "--heatmap", tmp_path / "map.svg")
    assert status == 0 and out.endswith("Files: 3 read, 0 skipped.\nHeat map written: " + str(tmp_path / "map.svg") + "\n")
    assert "1.1           3       3          100%   1000000.0             0" in out.splitlines()
    assert "ben, exercise 1.2: tried, not solved yet (1000000 tries)" in (tmp_path / "map.svg").read_text(encoding="utf-8")


def test_no_traceback_whatever_is_given(tmp_path, capsys):
    (tmp_path / "deep.json").write_text("[" * 100_000)
    (tmp_path / "folder.json").mkdir()                     # a folder with a file's name: not a file, not read
    (tmp_path / "bom.csv").write_bytes(b"\xef\xbb\xbf" + exported_csv(tmp_path / "x.csv", ANA).read_bytes())
    (tmp_path / "x.csv").unlink()
    (tmp_path / "nul.csv").write_bytes(b"notebook,exercise,state,tries\n01,1.\x001,tried,1\n")
    status, out, _ = run(capsys, tmp_path, tmp_path / "nowhere.json", tmp_path / "folder.json")
    assert status == 0 and "Traceback" not in out
    assert out.splitlines()[:4] == [
        f"{tmp_path / 'nowhere.json'}: no such file or folder; skipped.",
        f"{tmp_path / 'folder.json'}: a folder without .json or .csv files; skipped.",
        f"{tmp_path / 'deep.json'}: not valid JSON (line 1, column 1); skipped.",
        f"{tmp_path / 'nul.csv'}: from another version of the course (this course has no exercise 1.\ufffd1); skipped."]
    assert "Class summary: 1 student," in out and "\nbom " in out   # a byte-order mark (Excel) is no problem


def test_exit_status_and_usage_errors(tmp_path, capsys):
    (tmp_path / "bad.json").write_text("{")
    status, out, err = run(capsys, tmp_path)
    assert (status, err) == (1, "")
    assert out.splitlines()[-2:] == ["Files: 0 read, 1 skipped.", "No file could be read: nothing to summarise."]
    for argv, said in ([(), "Name at least one progress file or folder to read."],
                       [("x.json", "--colour"), "Unknown option --colour."],
                       [("x.json", "--lang"), "The option --lang needs a value."],
                       [("x.json", "--lang", "it"), "it is not a language of the course: choose one of en, de, fr."],
                       [("x.json", "--heatmap=map.png"), "The heat map is an SVG picture: give it a name "
                                                          "ending in .svg, not map.png."]):
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "") and err.splitlines()[0] == said
        assert err.splitlines()[1].startswith("usage: python -m cafe_widget.classroom summary FILES…")
    assert run(capsys, "--help")[:2] == (0, "usage: python -m cafe_widget.classroom summary FILES… "
                                            "[--heatmap PICTURE.svg] [--lang en|de|fr]\n")


# -- nbgrader's grades --------------------------------------------------------------------------

COURSE_HEADER = HEADER.rstrip("\n") + ",status,why\n"
UNREADABLE = "the submitted notebook 02_seats.ipynb could not be read as a notebook"


def course_grades(where, rows):
    """``grades.csv`` as the course's export writes it (``GradesExport``: Python's csv module)."""
    with open(where, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(COURSE_HEADER.strip().split(","))
        for assignment, student, score, max_score, status, why in rows:
            stamp = "" if status == "not submitted" else "2024-03-01 10:00:00.000000 UTC"
            writer.writerow([assignment, "", stamp, student, "", "", "", score, 0.0 if score != "" else "", score,
                             max_score, status, why])
    return where


#: A graded 0, nothing handed in, a notebook that could not be graded (its why has a comma: quoted).
EXPORTED = [("01_the_cafe", "ana", 4.0, 5.0, "graded", ""),
            ("01_the_cafe", "ben", 0.0, 5.0, "graded", ""),
            ("01_the_cafe", "cleo", "", 5.0, "not submitted", ""),
            ("02_seats", "ana", "", 10.0, "not graded", UNREADABLE),
            ("02_seats", "ben", 6.5, 10.0, "graded", ""),
            ("02_seats", "cleo", "", 10.0, "not graded", "nbgrader stopped, so run it again")]


def test_a_graded_0_is_a_0_not_submitted_and_not_graded_are_said_with_why(tmp_path, capsys):
    grades = summary.read(course_grades(tmp_path / "grades.csv", EXPORTED))
    G = summary.Grade
    assert grades.scores == {("ana", "01_the_cafe"): G("graded", 4.0, 5.0), ("ben", "01_the_cafe"): G("graded", 0.0, 5.0),
                             ("cleo", "01_the_cafe"): G("not submitted", None, 5.0),
                             ("ana", "02_seats"): G("not graded", None, 10.0, UNREADABLE),
                             ("ben", "02_seats"): G("graded", 6.5, 10.0),
                             ("cleo", "02_seats"): G("not graded", None, 10.0, "nbgrader stopped, so run it again")}
    status, out, _ = run(capsys, tmp_path / "grades.csv")
    assert status == 0 and out.splitlines() == [
        "nbgrader grades: 3 students, 2 assignments (score / max score)",
        "Student    01_the_cafe        02_seats",
        "ana              4 / 5  not graded [1]",
        "ben              0 / 5        6.5 / 10",
        "cleo     not submitted  not graded [2]",
        f"[1] not graded: {UNREADABLE}",
        "[2] not graded: nbgrader stopped, so run it again",
        "",
        "Files: 1 read, 0 skipped."]


def test_the_grades_speak_french(tmp_path, capsys):
    course_grades(tmp_path / "grades.csv", EXPORTED[:4] + [("02_seats", "ben", "", 10.0, "not graded", "")])
    status, out, _ = run(capsys, tmp_path / "grades.csv", "--lang", "fr")
    assert status == 0 and out.splitlines() == [
        "Notes nbgrader : 3 élèves, 2 devoirs (points / maximum)",
        "Élève  01_the_cafe      02_seats",
        "ana          4 / 5  non noté [1]",
        "ben          0 / 5  non noté [2]",
        "cleo     non rendu             –",
        f"[1] non noté : {UNREADABLE}",                 # the why as the grading side wrote it
        "[2] non noté : aucune raison donnée",
        "",
        "Fichiers lus : 1 ; ignorés : 0."]


def test_one_student_and_one_assignment_are_singular_in_every_language(tmp_path):
    course_grades(tmp_path / "grades.csv", EXPORTED[:1])
    one = {"01": ("1.1",)}
    klass = summary.gather([tmp_path / "grades.csv", raw_record(tmp_path / "ana.json", {"1.1": ("solved", 1)})], one)
    said = {lang: summary.report(klass, lang, one).splitlines() for lang in ("en", "fr", "de")}
    assert said["en"][:3] == ["Class summary: 1 student, 1 exercise in the course.", "",
                              "Who did what (of the 1 exercise)"]
    assert "nbgrader grades: 1 student, 1 assignment (score / max score)" in said["en"]
    assert said["fr"][:3] == ["Bilan de la classe : 1 élève, 1 exercice dans le cours.", "",
                              "Qui a fait quoi (sur 1 exercice)"]
    assert "Notes nbgrader : 1 élève, 1 devoir (points / maximum)" in said["fr"]
    assert said["de"][:3] == ["Klassenübersicht: 1 Schüler, 1 Übung im Kurs.", "", "Wer hat was gemacht (von 1 Übung)"]
    assert "nbgrader-Bewertungen: 1 Schüler, 1 Aufgabe (Punkte / Höchstpunktzahl)" in said["de"]
    assert summary.heatmap((), "fr", one, klass.grades).count(">Notes nbgrader : 1 élève, 1 devoir</text>") == 1


def test_nbgrader_own_grades_are_still_read_a_0_without_timestamp_is_unknown(klass, capsys):
    (klass / "grades.csv").write_text(
        HEADER + "01_the_cafe,,2024-03-01 10:00:00,ana,A,Ana,,4.0,0.0,4.0,5.0\n"
                 "01_the_cafe,None,,ben,,,,0.0,0.0,0.0,5.0\n"
                 "02_seats,None,2024-03-08 10:00:00,ben,,,,7.5,1.0,6.5,10.0\n"
                 "02_seats,,2024-03-08 10:00:00,ana,,,,0.0,0.0,0.0,10.0\n", encoding="utf-8")
    grades = summary.read(klass / "grades.csv")
    assert grades.scores == {("ana", "01_the_cafe"): summary.Grade("graded", 4.0, 5.0),
                             ("ben", "01_the_cafe"): summary.Grade("unknown", None, 5.0),
                             ("ben", "02_seats"): summary.Grade("graded", 6.5, 10.0),
                             ("ana", "02_seats"): summary.Grade("graded", 0.0, 10.0)}     # a timestamp: a real 0
    status, out, _ = run(capsys, klass)
    lines = out.splitlines()
    start = lines.index("nbgrader grades: 2 students, 2 assignments (score / max score)")
    assert lines[start + 1:] == [
        "Student  01_the_cafe  02_seats",
        "ana            4 / 5    0 / 10",
        "ben      unknown [1]  6.5 / 10",
        "[1] unknown: nbgrader's own export writes no timestamp and a 0 both for nothing handed in and for a "
        "submission without a timestamp that scored 0; the course's export (its status column) tells which.",
        "",
        "Files: 4 read, 0 skipped."]
    assert status == 0


def test_a_submission_placed_by_hand_has_no_timestamp_but_its_score_counts(tmp_path):
    (tmp_path / "grades.csv").write_text(HEADER + "02_seats,,,dave,,,,4.0,0.0,4.0,5.0\n"
                                                  "02_seats,,,erin,,,,0.0,0.0,0.0,5.0\n", encoding="utf-8")
    assert summary.read(tmp_path / "grades.csv").scores == {("dave", "02_seats"): summary.Grade("graded", 4.0, 5.0),
                                                            ("erin", "02_seats"): summary.Grade("unknown", None, 5.0)}


@pytest.mark.parametrize("row, why", [
    ("hw1,,,ana,,,,,,,5,late,", "line 2: the status 'late' is none of graded, not submitted, not graded"),
    ("hw1,,2024,ana,,,,,,,5,graded,", "line 2: the score '' is not a number"),
    ("hw1,,,ana,,,,,,,five,not submitted,", "line 2: the max_score 'five' is not a number"),
])
def test_a_status_that_does_not_hold_is_said(tmp_path, capsys, row, why):
    (tmp_path / "grades.csv").write_text(COURSE_HEADER + row + "\n", encoding="utf-8")
    assert summary.read(tmp_path / "grades.csv").text() == f"{tmp_path / 'grades.csv'}, {why}; skipped."


def test_a_why_cannot_carry_control_characters_or_run_on(tmp_path):
    course_grades(tmp_path / "grades.csv", [("hw1", "ana", "", 5, "not graded", "a\x1b[2J\nb " + "x" * 400)])
    why = summary.read(tmp_path / "grades.csv").scores["ana", "hw1"].why
    assert why.startswith("a\ufffd[2J b x") and len(why) == 300 and why.endswith("…")


def test_grades_alone_draw_their_heat_map_and_a_contradicting_file_is_skipped(tmp_path, capsys):
    (tmp_path / "a.csv").write_text(HEADER + "hw1,,2024,ana,,,,3,0,3,5\n")
    (tmp_path / "b.csv").write_text(HEADER + "hw1,,2024,ana,,,,4,0,4,5\n")
    status, out, _ = run(capsys, tmp_path, "--heatmap", tmp_path / "map.svg")
    assert status == 0 and (tmp_path / "map.svg").exists()
    assert out.splitlines() == [
        f"{tmp_path / 'b.csv'}: its grade of ana for hw1 is not the one in {tmp_path / 'a.csv'}; skipped.",
        "", "nbgrader grades: 1 student, 1 assignment (score / max score)", "Student    hw1", "ana      3 / 5", "",
        "Files: 1 read, 1 skipped.", f"Heat map written: {tmp_path / 'map.svg'}"]


def test_a_heat_map_with_nothing_to_draw_is_refused(tmp_path, capsys):
    (tmp_path / "grades.csv").write_text(COURSE_HEADER, encoding="utf-8")       # the header alone
    status, out, _ = run(capsys, tmp_path / "grades.csv", "--heatmap", tmp_path / "map.svg")
    assert status == 1 and not (tmp_path / "map.svg").exists()
    assert out.endswith("Files: 1 read, 0 skipped.\nNo student's progress and no grade was read: no heat map drawn.\n")


def grade_cells(svg):
    """Each cell of the grades' map: (student, assignment) → (status, fill, label, tooltip)."""
    found = re.findall(r'<rect class="grade" data-student="([^"]*)" data-assignment="([^"]*)" data-status="([^"]*)"'
                       r'[^>]* fill="([^"]*)"[^>]*><title>([^<]*)</title></rect>\n'
                       r'<text class="grade-label"[^>]*>([^<]*)</text>', svg)
    return {(s, a): (status, fill, label, tip) for s, a, status, fill, tip, label in found}


def test_the_grades_heat_map_has_a_cell_per_student_and_assignment(tmp_path, capsys):
    course_grades(tmp_path / "grades.csv", EXPORTED[:5])          # cleo has no row for 02_seats
    status, out, _ = run(capsys, tmp_path / "grades.csv", "--heatmap", tmp_path / "map.svg")
    assert status == 0 and out.endswith(f"Heat map written: {tmp_path / 'map.svg'}\n")
    svg = (tmp_path / "map.svg").read_text(encoding="utf-8")
    cells = grade_cells(svg)
    assert list(cells) == [(s, a) for s in ("ana", "ben", "cleo") for a in ("01_the_cafe", "02_seats")]
    zero = summary.score_shade(0)
    assert cells == {
        ("ana", "01_the_cafe"): ("graded", summary.score_shade(0.8), "4", "ana, 01_the_cafe: 4 / 5"),
        ("ana", "02_seats"): ("not graded", "url(#not-graded)", "[1]", f"ana, 02_seats: not graded: {UNREADABLE}"),
        ("ben", "01_the_cafe"): ("graded", zero, "0", "ben, 01_the_cafe: 0 / 5"),
        ("ben", "02_seats"): ("graded", summary.score_shade(0.65), "6.5", "ben, 02_seats: 6.5 / 10"),
        ("cleo", "01_the_cafe"): ("not submitted", "#ffffff", "–", "cleo, 01_the_cafe: not submitted"),
        ("cleo", "02_seats"): ("none", summary.UNKNOWN_FILL, "", "cleo, 02_seats: no grade in the files read")}
    assert len({zero, "#ffffff", "url(#not-graded)", summary.UNKNOWN_FILL}) == 4      # a 0 is no missing work
    assert ">01_the_cafe (out of 5)</text>" in svg and ">02_seats (out of 10)</text>" in svg
    assert f">[1] not graded: {UNREADABLE}</text>" in svg
    assert ">nbgrader grades: 3 students, 2 assignments</text>" in svg and ">– not submitted</text>" in svg
    width = int(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))
    assert width <= 1366 and min(int(size) for size in re.findall(r'font-size="(\d+)"', svg)) >= 12


def test_a_class_of_fourteen_assignments_fits_a_screen(tmp_path):
    names = [f"{i:02}_assignment_with_a_long_name" for i in range(1, 15)]
    rows = [(a, f"student {n:02}", 12.5, 12.5, "graded", "") for a in names for n in range(30)]
    grades = summary.read(course_grades(tmp_path / "grades.csv", rows))
    svg = summary.heatmap((), None, None, grades)
    assert len(grade_cells(svg)) == 14 * 30
    assert int(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1)) <= 1366


def test_progress_and_grades_make_one_picture(klass, tmp_path, capsys):
    course_grades(klass / "grades.csv", EXPORTED)
    status, _, _ = run(capsys, klass, "--lang", "fr", "--heatmap", tmp_path / "map.svg")
    svg = (tmp_path / "map.svg").read_text(encoding="utf-8")
    assert status == 0 and svg.count('<rect class="cell" ') == 3 * ALL and len(grade_cells(svg)) == 6
    assert ">Progression de la classe : 3 élèves</text>" in svg and ">Notes nbgrader : 3 élèves, 2 devoirs</text>" in svg
    assert ">non rendu</text>" not in svg and ">– non rendu</text>" in svg
    assert "<title>ana, 02_seats : non noté : " + UNREADABLE + "</title>" in svg


# -- what is written: the heat map only, only where told ----------------------------------------

def test_nothing_is_written_without_heatmap(klass, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = tree(tmp_path)
    assert run(capsys, klass)[0] == 0
    assert tree(tmp_path) == before


def test_the_heatmap_has_a_square_per_student_and_exercise(klass, tmp_path, capsys):
    exported_json(klass / "z.json", {"1.1": ("solved", 2), "14.5": ("tried", 1)}, student="<Zoë & \"Co\">")
    before = tree(tmp_path)
    status, out, _ = run(capsys, klass, "--heatmap", tmp_path / "map.svg")
    assert status == 0 and out.endswith(f"Heat map written: {tmp_path / 'map.svg'}\n")
    assert tree(tmp_path) == sorted(before + ["map.svg"])
    svg = (tmp_path / "map.svg").read_text(encoding="utf-8")
    cells = re.findall(r'<rect class="cell" data-student="([^"]*)" data-exercise="([^"]*)"[^>]* fill="([^"]*)"', svg)
    assert len(cells) == 4 * ALL
    fill = {(s, e): f for s, e, f in cells}
    who = "&lt;Zoë &amp; &quot;Co&quot;&gt;"
    assert [s for s, _, _ in cells[::ALL]] == [who, "Ana", "ben", "cleo"]          # sorted by name
    assert [e for _, e, _ in cells[:ALL]] == [ex for exs in prog.course().values() for ex in exs]
    s = prog.SHADES
    assert (fill["Ana", "1.1"], fill["Ana", "1.2"], fill["Ana", "1.3"], fill["Ana", "2.1"], fill["Ana", "1.4"]) == (
        s["solved_1"], s["solved_2"], s[prog.ANSWER], s[prog.TRIED], s[prog.NOT_TRIED])
    assert (fill["ben", "1.1"], fill[who, "1.1"], fill[who, "14.5"]) == (s["solved_3"], s["solved_2"], s[prog.TRIED])
    assert "<title>Ana, exercise 1.3: answer shown (3 tries)</title>" in svg
    assert "<title>cleo, exercise 9.1: not tried</title>" in svg
    assert f"<title>{who}, exercise 1.1: solved at the 2nd try (2 tries)</title>" in svg
    assert "<Zoë" not in svg and ">Class progress: 4 students</text>" in svg
    for key in s:                                                                    # the legend
        assert f">{prog.translate(prog.WORDS[key])}</text>" in svg
    width = int(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))
    assert width <= 1366 and re.findall(r'font-size="(\d+)"', svg) and min(
        int(size) for size in re.findall(r'font-size="(\d+)"', svg)) >= 12
    assert summary.heatmap(summary.gather([klass]).records) == summary.heatmap(summary.gather([klass]).records)


def test_the_heatmap_speaks_the_language_asked(klass, tmp_path, capsys):
    assert run(capsys, klass, "--lang", "fr", "--heatmap", tmp_path / "carte.svg")[0] == 0
    svg = (tmp_path / "carte.svg").read_text(encoding="utf-8")
    assert ">réponse affichée</text>" in svg and ">answer shown</text>" not in svg
    assert "<title>Ana, exercice 1.3 : réponse affichée" in svg


def test_a_heatmap_into_a_missing_folder_is_said_and_nothing_is_written(klass, tmp_path, capsys):
    before = tree(tmp_path)
    status, out, err = run(capsys, klass, "--heatmap", tmp_path / "no" / "map.svg")
    assert (status, err) == (1, "")
    assert out == (f"Cannot write the heat map to {tmp_path / 'no' / 'map.svg'}: the folder "
                   f"{tmp_path / 'no'} does not exist. Nothing was read or written.\n")
    (klass / "sub.svg").mkdir()
    status, out, _ = run(capsys, klass, "--heatmap", klass / "sub.svg")
    assert status == 1 and out.endswith("it is a folder. Nothing was read or written.\n")
    assert tree(tmp_path) == sorted(before + ["handed-in/sub.svg"])
