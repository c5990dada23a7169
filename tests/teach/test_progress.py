"""The progress file across kernels and when it cannot be read or written: the ladder of a check naming its ``exercise=`` goes on from the file in a new kernel, a
student's progress is never lost nor written over, each failure is said once in the student's
language, and ``progress(export=…)`` says what is wrong instead of raising.

A new kernel is ``TRIES._reset_for_tests()`` (or a subprocess) with the same progress file."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys

import pytest

from cafe_widget.teach import progress, progress_file as prog
from cafe_widget.teach.ladder import TRIES
from cafe_widget.teach.practice import check_points

CAFE = "RU GB FR ES IT | b1:RUf b3:RUm"          # RUf@c2 scores 8


def new_kernel() -> None:
    TRIES._reset_for_tests()


def entry(exercise: str = "4.1") -> dict:
    return prog.states()[prog.notebook_of(exercise)][exercise]


# -- item 1: the tries go on across kernels -------------------------------------------------------

def test_the_ladder_goes_on_from_the_progress_file_in_a_new_kernel():
    assert check_points(CAFE, "RUf@c2", 3, exercise="4.1").stage == "nudge"
    assert check_points(CAFE, "RUf@c2", 99, exercise="4.1").stage == "hint"
    assert entry() == {"state": "tried", "tries": 2}
    new_kernel()
    third = check_points(CAFE, "RUf@c2", 5, exercise="4.1")
    assert (third.stage, third.tries) == ("answer", 3)                # not the first nudge again
    assert entry() == {"state": "answer", "tries": 3}                  # never back to 1


def test_solved_at_the_nth_try_counts_the_tries_of_every_kernel():
    check_points(CAFE, "RUf@c2", 3, exercise="4.1")
    new_kernel()
    check_points(CAFE, "RUf@c2", 99, exercise="4.1")
    new_kernel()
    right = check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    assert (right.stage, right.tries) == ("right", 3)
    assert entry() == {"state": "solved", "tries": 3}
    assert "4.1    solved at the 3rd try or later" in str(progress())


def test_a_right_answer_after_the_answer_was_shown_stays_answer_seen_in_a_new_kernel():
    check_points(CAFE, "RUf@c2", answer=True, exercise="4.1")
    new_kernel()
    right = check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    assert right.stage == "right" and "You had seen the answer" in right.message
    assert entry()["state"] == "answer"


def test_a_new_kernel_in_a_subprocess_goes_on_from_the_file(tmp_path):
    check_points(CAFE, "RUf@c2", 3, exercise="4.1")
    check_points(CAFE, "RUf@c2", 99, exercise="4.1")
    code = ("from cafe_widget.teach.practice import check_points\n"
            f"f = check_points({CAFE!r}, 'RUf@c2', 5, exercise='4.1')\nprint(f.stage, f.tries)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "CAFE_WIDGET_PROGRESS": os.environ["CAFE_WIDGET_PROGRESS"]})
    assert out.stdout.split() == ["answer", "3"]


def test_a_check_without_an_exercise_starts_afresh_in_a_new_kernel():
    check_points(CAFE, "RUf@c2", 3, exercise="4.1")
    new_kernel()
    assert check_points(CAFE, "RUf@c2", 3).stage == "nudge"


def test_the_tries_recorded_only_ever_grow():
    check_points(CAFE, "RUf@c2", 3, exercise="4.1")
    check_points(CAFE, "RUf@c2", 4, exercise="4.1")
    prog.record("4.1", "nudge", 1, False)                   # a kernel that knew less
    assert entry() == {"state": "tried", "tries": 3}


def test_a_grader_kernel_neither_reads_nor_writes_the_students_file(monkeypatch):
    check_points(CAFE, "RUf@c2", 3, exercise="4.1")
    check_points(CAFE, "RUf@c2", 4, exercise="4.1")
    new_kernel()
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    assert check_points(CAFE, "RUf@c2", 5, exercise="4.1").stage == "nudge"


# -- item 2: a file that cannot be read is never written over, and said once ------------------------

@pytest.fixture
def where(tmp_path, monkeypatch):
    where = tmp_path / "progress.json"
    monkeypatch.setenv("CAFE_WIDGET_PROGRESS", str(where))
    return where


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads every file")
def test_a_file_that_cannot_be_read_is_never_written_over_and_said_once(where, capsys):
    where.write_text('{"format": "cafe_widget progress", "version": 1, "exercises": '
                     '{"1.1": {"state": "solved", "tries": 1}}}')
    before = where.read_bytes()
    where.chmod(0o200)
    try:
        check_points(CAFE, "RUf@c2", 8, exercise="4.1")
        progress()
        check_points(CAFE, "RUf@c2", 8, exercise="4.2")
    finally:
        where.chmod(0o600)
    assert where.read_bytes() == before
    assert capsys.readouterr().out.splitlines() == [
        f"Your progress file {where} could not be read (permission denied): it is left as it is, and "
        "nothing is recorded while it cannot be read."]


def test_a_progress_path_naming_a_folder_records_nothing_and_says_so_once(where, capsys):
    where.mkdir()
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    check_points(CAFE, "RUf@c2", 8, exercise="4.2")
    assert list(where.iterdir()) == []
    assert capsys.readouterr().out.splitlines() == [
        f"Your progress file {where} could not be read (it is a folder): it is left as it is, and "
        "nothing is recorded while it cannot be read."]


def test_the_failure_is_said_in_the_students_language(where, capsys):
    from cafe_widget.i18n import language

    where.mkdir()
    language("fr")
    try:
        check_points(CAFE, "RUf@c2", 8, exercise="4.1", lang="fr")
    finally:
        language("en")
    out = capsys.readouterr().out
    assert out.startswith(f"Votre fichier de progression {where} est illisible (c'est un dossier)")


def test_a_file_that_cannot_be_written_is_said_once(where, capsys, monkeypatch):
    def refuse(data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(prog, "save", refuse)
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    check_points(CAFE, "RUf@c2", 8, exercise="4.2")
    assert capsys.readouterr().out.splitlines() == [
        f"Your progress could not be saved in {where} (the disk is full): "
        "what you do now is not recorded."]


def test_one_bad_entry_is_named_once_and_the_good_ones_are_kept(where, capsys):
    good = {"state": "solved", "tries": 2}
    where.write_text(json.dumps({"format": "cafe_widget progress", "version": 1, "exercises": {
        "1.1": good, "4.1": 3, "4.2": {"state": "solved", "tries": -1}}}))
    assert "1 of " in str(progress()).splitlines()[0]
    assert prog.states()["01"]["1.1"] == good
    check_points(CAFE, "RUf@c2", 8, exercise="4.3")
    progress()
    assert capsys.readouterr().out.splitlines() == [
        f"Your progress file {where} has entries that could not be read, left as they are: 4.1, 4.2."]
    data = json.loads(where.read_text())["exercises"]
    assert data["1.1"] == good and data["4.1"] == 3 and data["4.3"]["state"] == "solved"
    assert not where.with_name("progress.json.broken-1").exists()


def test_a_file_that_is_not_json_is_set_aside_never_written_over(where, capsys):
    where.write_bytes(b"\xff\xfe not json")
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    kept = where.with_name("progress.json.broken-1")
    assert kept.read_bytes() == b"\xff\xfe not json"
    assert capsys.readouterr().out == (f"Your progress file {where} could not be read: it is kept as "
                                       f"{kept}, and a new one is started.\n")
    assert entry()["state"] == "solved"


# -- item 8 (part): progress(export=…) says what is wrong, in the student's language ------------------

def test_an_export_to_another_kind_of_file_is_a_sentence_not_a_traceback(tmp_path, capsys):
    assert progress(export=tmp_path / "x.txt") is None
    assert progress(export=tmp_path / "x.csv", name="  ") is None
    assert progress(export=tmp_path / "x.txt", lang="fr") is None
    assert capsys.readouterr().out.splitlines() == [
        "Your progress is written to a .csv or a .json file, not x.txt: nothing was written.",
        'name= is your name, for your teacher: write it between quotes, like name="Ana". Nothing was written.',
        "La progression s'écrit dans un fichier .csv ou .json, pas x.txt : rien n'a été écrit."]
    assert list(tmp_path.iterdir()) == [tmp_path / "progress.json"] or list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("lang, reason", [("en", "the folder does not exist"),
                                          ("fr", "le dossier n'existe pas"),
                                          ("de", "den Ordner gibt es nicht")])
def test_an_export_that_cannot_be_written_says_why_in_the_students_language(tmp_path, capsys, lang, reason):
    target = tmp_path / "no" / "such" / "folder.csv"
    assert progress(export=target, lang=lang) is None
    out = capsys.readouterr().out
    assert reason in out and "No such file" not in out and not target.exists()


def test_an_export_to_a_folder_says_it_is_a_folder(tmp_path, capsys):
    (tmp_path / "x.csv").mkdir()
    progress(export=tmp_path / "x.csv")
    assert capsys.readouterr().out == (f"Could not write {tmp_path / 'x.csv'}: it is a folder. "
                                       "Nothing else changed.\n")


@pytest.mark.parametrize("number, words", [(2, "the folder does not exist"), (13, "permission denied"),
                                           (21, "it is a folder"), (28, "the disk is full"),
                                           (5, "the system refused it")])
def test_the_common_reasons_are_said_in_words(number, words):
    assert prog.reason(OSError(number, "English")) == words


def test_the_export_keeps_machine_words_that_the_teachers_summary_reads(tmp_path):
    from cafe_widget.classroom.progress.grades import read

    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    progress(export=tmp_path / "ana.csv", name="Ana", lang="fr")
    rows = list(csv.reader((tmp_path / "ana.csv").open(encoding="utf-8")))
    assert rows[0] == ["notebook", "exercise", "state", "tries", "student"]
    assert ["04", "4.1", "solved", "1", "Ana"] in rows and ["01", "1.1", "not tried", "0", "Ana"] in rows
    assert read(tmp_path / "ana.csv").entry("4.1") == {"state": "solved", "tries": 1}


def test_a_permission_error_on_reading_is_said_and_nothing_written_even_as_root(where, capsys, monkeypatch):
    where.write_text('{"format": "cafe_widget progress", "version": 1, "exercises": {}}')
    before = where.read_bytes()
    real = type(where).read_bytes

    def refuse(self):
        if self == where:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(type(where), "read_bytes", refuse)
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    view = progress()
    progress(reset=True)
    monkeypatch.undo()
    assert where.read_bytes() == before
    out = capsys.readouterr().out.splitlines()
    assert out == [f"Your progress file {where} could not be read (permission denied): it is left as it is, and "
                   "nothing is recorded while it cannot be read.",
                   "Your progress could not be forgotten: nothing changed."]
    assert str(view).startswith("Your progress: 0 of")


def test_a_broken_file_that_cannot_be_set_aside_is_not_written_over(where, capsys, monkeypatch):
    where.write_text("{not json")
    monkeypatch.setattr(type(where), "replace", lambda self, target: (_ for _ in ()).throw(PermissionError(13, "no")))
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    monkeypatch.undo()
    assert where.read_text() == "{not json"
    assert "(permission denied): it is left as it is" in capsys.readouterr().out


def test_each_notice_is_said_again_in_a_new_kernel(where, capsys):
    where.mkdir()
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    new_kernel()
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    assert len(capsys.readouterr().out.splitlines()) == 2
