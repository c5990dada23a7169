"""``python -m cafe_widget.classroom hub-config DIR``: the configuration a class's hub runs with,
read back as JupyterHub reads it (traitlets' file loader), and its refusals."""

import os
import pwd
import subprocess
import sys

import pytest
from traitlets.config.loader import PyFileConfigLoader

from cafe_widget.classroom.hub import main

#: An account this machine has, for the service to run as (hub-config makes cafe-service as root).
ME = pwd.getpwuid(os.getuid()).pw_name


def _read(folder):
    return PyFileConfigLoader("jupyterhub_config.py", path=str(folder)).load_config()


@pytest.fixture
def env(tmp_path):
    """A Python environment's folder, as hub-config wants one (its bin/python)."""
    (tmp_path / "env" / "bin").mkdir(parents=True)
    (tmp_path / "env" / "bin" / "python").touch()
    return tmp_path / "env"


def test_the_config_holds_the_scope_in_both_places_and_runs_each_student_as_themselves(tmp_path, env, capsys):
    tmp_path = tmp_path / "hub"
    assert main([str(tmp_path), "--env", str(env), "--teachers", "roux", "--students", "alice", "bob",
                 "--data", "/srv/cafe/tables", "--service-user", ME]) == 0
    c = _read(tmp_path)
    assert c.JupyterHub.spawner_class == "jupyterhub.spawner.LocalProcessSpawner"
    assert c.Spawner.cmd == [f"{env}/bin/jupyterhub-singleuser"]
    assert "access:services!service=cafe" in c.Spawner.server_token_scopes
    user_role = next(r for r in c.JupyterHub.load_roles if r["name"] == "user")
    assert "access:services!service=cafe" in user_role["scopes"]          # both places (docs/HUB.md's trap)
    assert c.Spawner.environment["PATH"].startswith(f"{env}/bin:")
    assert c.Spawner.args == ["--ServerApp.terminado_settings=shell_command="           # not a login shell:
                              f"['/bin/bash', '--rcfile', '{env}/etc/cafe-bashrc']"]   # it keeps PATH
    assert c.Spawner.environment["CAFE_SERVICE_URL"] == "http://127.0.0.1:1010/services/cafe/"   # root's port
    service = c.JupyterHub.services[0]
    assert service["name"] == "cafe" and service["command"][:3] == [f"{env}/bin/python", "-m", "cafe_widget.service"]
    assert "/srv/cafe/tables" in service["command"] and service["command"][-2:] == ["--user", ME]
    assert c.JupyterHub.db_url == f"sqlite:///{tmp_path}/jupyterhub.sqlite"          # in the hub's own folder…
    assert c.JupyterHub.cookie_secret_file == f"{tmp_path}/jupyterhub_cookie_secret"
    assert tmp_path.stat().st_mode & 0o777 == 0o700                                    # …which only root enters
    assert c.Authenticator.allowed_users == {"alice", "bob", "roux"} and c.Authenticator.admin_users == {"roux"}
    nbgrader = (env / "etc" / "jupyter" / "nbgrader_config.py").read_text()     # every server reads it
    assert "c.Exchange.root = '/srv/nbgrader/exchange'" in nbgrader
    assert "c.CourseDirectory.course_id = 'cafe_international'" in nbgrader      # as make-course writes it
    assert f"cd {tmp_path} && {env}/bin/jupyterhub -f jupyterhub_config.py" in capsys.readouterr().out


def test_a_teachers_edited_config_is_never_overwritten_without_force(tmp_path, env, capsys):
    (tmp_path / "jupyterhub_config.py").write_text("# mine\n")
    assert main([str(tmp_path), "--service-user", ME, "--env", str(env)]) == 1
    assert (tmp_path / "jupyterhub_config.py").read_text() == "# mine\n"
    assert "give --force" in capsys.readouterr().err
    assert not (env / "etc").exists()                                  # nothing written, anywhere
    assert main([str(tmp_path), "--force", "--service-user", ME, "--env", str(env)]) == 0
    assert "LocalProcessSpawner" in (tmp_path / "jupyterhub_config.py").read_text()


@pytest.mark.parametrize("args,words", [(["--teachers", "Bad Name"], "not a user name"),
                                        (["--port", "1010"], "not the same"),
                                        (["--service-port", "10101"], "where only root may listen"),
                                        (["--service-user", "Bad Name"], "not a user name"),
                                        (["--port", "0"], "1 to 65535"),
                                        (["--course-id", "a b"], "--course-id"),
                                        (["--env", "/nowhere"], "no Python environment there"),
                                        (["--authenticator", "shared", "--password", "short"], "at least 8"),
                                        (["--authenticator", "shared", "--password", "cafe-class",
                                          "--teacher-password", "too-short-for-an-admin"], "at least 32")])
def test_bad_options_are_refused_before_anything_is_written(tmp_path, args, words):
    run = subprocess.run([sys.executable, "-m", "cafe_widget.classroom", "hub-config", str(tmp_path / "out"), *args],
                         capture_output=True, text=True)
    assert run.returncode == 2 and words in run.stderr
    assert not (tmp_path / "out").exists()


def test_nbgrader_s_file_is_for_every_user_the_hub_s_for_root(tmp_path, env):
    assert main([str(tmp_path), "--authenticator", "shared", "--password", "cafe-class", "--service-user", ME,
                 "--env", str(env)]) == 0
    assert (env / "etc" / "jupyter" / "nbgrader_config.py").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "jupyterhub_config.py").stat().st_mode & 0o777 == 0o600


def test_a_shared_password_is_jupyterhub_s_own_and_the_teachers_may_have_theirs(tmp_path, env):
    """Not DummyAuthenticator.password, which JupyterHub 5.3 deprecated."""
    assert main([str(tmp_path), "--authenticator", "shared", "--password", "cafe-class", "--service-user", ME,
                 "--env", str(env), "--teachers", "roux", "--students", "ana"]) == 0
    c = _read(tmp_path)
    assert c.JupyterHub.authenticator_class == "shared-password"
    assert c.SharedPasswordAuthenticator.user_password == "cafe-class"
    assert "DummyAuthenticator" not in (tmp_path / "jupyterhub_config.py").read_text()
    assert c.Authenticator.admin_users == set()            # the students' password makes nobody an admin…
    assert c.JupyterHub.load_groups == {"teachers": {"users": ["roux"]}}      # …the group says who teaches
    word = "a-teachers-own-word-of-32-letters"
    assert main([str(tmp_path), "--authenticator", "shared", "--password", "cafe-class", "--service-user", ME,
                 "--env", str(env), "--teachers", "roux", "--teacher-password", word, "--force"]) == 0
    c = _read(tmp_path)
    assert c.SharedPasswordAuthenticator.admin_password == word and c.Authenticator.admin_users == {"roux"}


class _User:
    def __init__(self, name, admin=False, groups=()):
        self.name, self.admin = name, admin
        self.groups = [type("Group", (), {"name": g})() for g in groups]


class _Spawner:
    def __init__(self, user):
        self.user, self.environment = user, {"PATH": "/x"}


def test_only_teachers_get_nbgrader_s_teacher_tools(tmp_path, env):
    """The formgrader, Create assignment and the course list: off in the environment, on again in the
    teachers' own folder, which the spawner's hook puts on a teacher's JUPYTER_CONFIG_PATH only. The students' page config is merged with what was there."""
    import json

    labconfig = env / "etc" / "jupyter" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text('{"disabledExtensions": {"other:plugin": true}}')
    assert main([str(tmp_path), "--service-user", ME, "--env", str(env), "--teachers", "roux",
                 "--students", "ana"]) == 0
    students = json.loads((labconfig / "page_config.json").read_text())["disabledExtensions"]
    assert students == {"other:plugin": True, "@jupyter/nbgrader:formgrader": True,
                        "@jupyter/nbgrader:create-assignment": True, "@jupyter/nbgrader:course-list": True}
    server = json.loads((env / "etc" / "jupyter" / "jupyter_server_config.json").read_text())["ServerApp"]
    assert server["jpserver_extensions"] == {"nbgrader.server_extensions.formgrader": False,
                                             "nbgrader.server_extensions.course_list": False}
    assert "tornado_settings" not in server                         # students' pages: never in a frame
    teachers = env / "etc" / "cafe-teachers"
    assert not any(json.loads((teachers / "labconfig" / "page_config.json").read_text())["disabledExtensions"].values())
    server = json.loads((teachers / "jupyter_server_config.json").read_text())["ServerApp"]
    assert all(server["jpserver_extensions"].values())
    assert server["tornado_settings"]["headers"]["Content-Security-Policy"] == "frame-ancestors 'self'"
    graded = PyFileConfigLoader("nbgrader_config.py", path=str(teachers)).load_config()   # nbgrader's loader
    assert graded.CourseDirectory.root == os.path.expanduser("~/cafe_course")
    # the formgrader grades as the course does, even for a course made after the server started
    assert graded.Autograde.sanitize_preprocessors[0] == "cafe_widget.classroom.autograde.PlainAnswers"
    assert graded.Autograde.autograde_preprocessors[0] == "cafe_widget.classroom.autograde.IsolatedExecute"
    assert graded.ExportApp.plugin_class == "cafe_widget.classroom.autograde.GradesExport"
    hook = _read(tmp_path).Spawner.pre_spawn_hook
    for user, teaches in [(_User("roux"), True), (_User("zoe", groups=["teachers"]), True),
                          (_User("max", admin=True), True), (_User("ana"), False), (_User("teachers"), False)]:
        spawner = _Spawner(user)
        hook(spawner)
        assert (spawner.environment.get("JUPYTER_CONFIG_PATH") == str(teachers)) is teaches, user.name
        assert spawner.environment["PATH"] == "/x"


def test_a_terminal_names_the_fix_for_a_command_it_does_not_have(tmp_path, env):
    """The terminals' rc file: the environment's bin on PATH, and a sentence for a command not found, run by bash as the hub's terminals run it."""
    import shutil

    if not shutil.which("bash"):
        pytest.skip("no bash here")
    assert main([str(tmp_path), "--service-user", ME, "--env", str(env)]) == 0
    run = subprocess.run(["bash", "--rcfile", str(env / "etc" / "cafe-bashrc"), "-i"],
                         input="nbgradr --version\necho PATH=$PATH\n", capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert f"PATH={env}/bin:/usr/bin:/bin" in run.stdout
    assert ("nbgradr: not a command of this terminal. The class's commands (python, jupyter, nbgrader) are in "
            f"{env}/bin") in run.stderr


def test_the_class_live_is_on_unless_the_school_says_no(tmp_path, env):
    """Each student's outcomes go to the teacher's live view on the class's hub (the servers'
    CAFE_LIVE_PROGRESS), and the service's page opens to a teacher with no question;
    --no-live-progress keeps the outcomes in the students' own files."""
    assert main([str(tmp_path / "on"), "--env", str(env), "--service-user", ME]) == 0
    on = _read(tmp_path / "on")
    assert on.Spawner.environment["CAFE_LIVE_PROGRESS"] == "1"
    assert on.JupyterHub.services[0]["oauth_no_confirm"] is True
    assert main([str(tmp_path / "off"), "--env", str(env), "--service-user", ME, "--no-live-progress", "--force"]) == 0
    assert _read(tmp_path / "off").Spawner.environment["CAFE_LIVE_PROGRESS"] == "0"
