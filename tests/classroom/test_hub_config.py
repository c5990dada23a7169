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


def test_the_config_holds_the_scope_in_both_places_and_runs_each_student_as_themselves(tmp_path, capsys):
    assert main([str(tmp_path), "--env", "/opt/env", "--teachers", "roux", "--students", "alice", "bob",
                 "--data", "/srv/cafe/tables", "--service-user", ME]) == 0
    c = _read(tmp_path)
    assert c.JupyterHub.spawner_class == "jupyterhub.spawner.LocalProcessSpawner"
    assert c.Spawner.cmd == ["/opt/env/bin/jupyterhub-singleuser"]
    assert "access:services!service=cafe" in c.Spawner.server_token_scopes
    user_role = next(r for r in c.JupyterHub.load_roles if r["name"] == "user")
    assert "access:services!service=cafe" in user_role["scopes"]          # both places (HUB.md's trap)
    assert c.Spawner.environment["PATH"].startswith("/opt/env/bin:")
    assert c.Spawner.args[0].startswith("--ServerApp.terminado_settings=shell_command=['/bin/")   # keeps PATH
    assert c.Spawner.environment["CAFE_SERVICE_URL"] == "http://127.0.0.1:1010/services/cafe/"   # root's port
    service = c.JupyterHub.services[0]
    assert service["name"] == "cafe" and service["command"][:3] == ["/opt/env/bin/python", "-m", "cafe_widget.service"]
    assert "/srv/cafe/tables" in service["command"] and service["command"][-2:] == ["--user", ME]
    assert c.JupyterHub.db_url == f"sqlite:///{tmp_path}/jupyterhub.sqlite"          # in the hub's own folder…
    assert c.JupyterHub.cookie_secret_file == f"{tmp_path}/jupyterhub_cookie_secret"
    assert tmp_path.stat().st_mode & 0o777 == 0o700                                    # …which only root enters
    assert c.Authenticator.allowed_users == {"alice", "bob", "roux"} and c.Authenticator.admin_users == {"roux"}
    nbgrader = (tmp_path / "nbgrader_config.py").read_text()
    assert "c.Exchange.root = '/srv/nbgrader/exchange'" in nbgrader
    assert "c.CourseDirectory.course_id = 'cafe_international'" in nbgrader      # as make-course writes it
    assert "Start the hub with" in capsys.readouterr().out


def test_a_teachers_edited_config_is_never_overwritten_without_force(tmp_path, capsys):
    (tmp_path / "jupyterhub_config.py").write_text("# mine\n")
    assert main([str(tmp_path), "--service-user", ME]) == 1
    assert (tmp_path / "jupyterhub_config.py").read_text() == "# mine\n"
    assert "give --force" in capsys.readouterr().err
    assert main([str(tmp_path), "--force", "--service-user", ME]) == 0
    assert "LocalProcessSpawner" in (tmp_path / "jupyterhub_config.py").read_text()


@pytest.mark.parametrize("args,words", [(["--teachers", "Bad Name"], "not a user name"),
                                        (["--port", "1010"], "not the same"),
                                        (["--service-port", "10101"], "where only root may listen"),
                                        (["--service-user", "Bad Name"], "not a user name"),
                                        (["--port", "0"], "1 to 65535"),
                                        (["--course-id", "a b"], "--course-id")])
def test_bad_options_are_refused_before_anything_is_written(tmp_path, args, words):
    run = subprocess.run([sys.executable, "-m", "cafe_widget.classroom", "hub-config", str(tmp_path / "out"), *args],
                         capture_output=True, text=True)
    assert run.returncode == 2 and words in run.stderr
    assert not (tmp_path / "out").exists()


def test_nbgrader_s_file_is_for_every_user_the_hub_s_for_root(tmp_path):
    assert main([str(tmp_path), "--authenticator", "dummy", "--password", "secret", "--service-user", ME]) == 0
    assert (tmp_path / "nbgrader_config.py").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "jupyterhub_config.py").stat().st_mode & 0o777 == 0o600
