"""Zero to JupyterHub, checked without a cluster: docs/deploy/z2jh/values.yaml against the
chart's own values schema (vendored, docs/deploy/z2jh/schema/), and what the values mean against what
the chart's jupyterhub_config.py and JupyterHub do with them; the hub image's recipe; and the game
service's start-up, which never exits on a wrong configuration (JupyterHub 5 and 6 exit when a
managed service is not up: the hub's pod would crash-loop)."""

from __future__ import annotations

import asyncio
import copy
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import jsonschema
import pytest
import yaml

from cafe_widget.service import __main__ as start_up
from cafe_widget.service.app import not_started

ROOT = Path(__file__).resolve().parents[2]
Z2JH = ROOT / "docs" / "deploy" / "z2jh"
CHART = "4.4.0"
#: The JupyterHub each chart's hub image ships (images/hub/requirements.txt at the chart's tag).
CHART_JUPYTERHUB = {"4.4.0": "5.5.0"}
PORT = 10101


@pytest.fixture(scope="module")
def values():
    return yaml.safe_load((Z2JH / "values.yaml").read_text())


@pytest.fixture(scope="module")
def schema():
    return yaml.safe_load((Z2JH / "schema" / f"values.schema-{CHART}.yaml").read_text())


def _merged(defaults, mine):
    """``mine`` over ``defaults`` as helm merges values: maps key by key, anything else replaced,
    null removes the default."""
    out = dict(defaults)
    for key, value in mine.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merged(out[key], value)
        else:
            out[key] = value
    return out


def _service(values):
    return values["hub"]["services"]["cafe"]


def _hub_config(values, environ):
    """The chart's own steps for hub.services, hub.loadRoles and hub.extraConfig
    (jupyterhub/files/hub/jupyterhub_config.py, 4.4.0), on a stand-in for ``c``."""
    c = SimpleNamespace(JupyterHub=SimpleNamespace(services=[], load_roles=[]))
    for key, service in copy.deepcopy(values["hub"]["services"]).items():
        service.setdefault("name", key)
        c.JupyterHub.services.append(service)
    for key, role in copy.deepcopy(values["hub"]["loadRoles"]).items():
        role.setdefault("name", key)
        c.JupyterHub.load_roles.append(role)
    saved = dict(os.environ)
    os.environ.update(environ)
    try:
        for _key, code in sorted(values["hub"]["extraConfig"].items()):
            exec(code, {"c": c})
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return c


# -- the values, against the chart's schema -------------------------------------------------------

@pytest.fixture(scope="module")
def defaults():
    return yaml.safe_load((Z2JH / "schema" / f"values-{CHART}.yaml").read_text())


def test_the_values_pass_the_charts_own_schema(values, defaults, schema):
    """As helm checks them: the chart's defaults with these values over them."""
    jsonschema.Draft7Validator.check_schema(schema)
    assert not list(jsonschema.Draft7Validator(schema).iter_errors(defaults))
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(_merged(defaults, values)), key=str)
    assert not errors, "\n".join(f"{'.'.join(map(str, e.path))}: {e.message}" for e in errors)


def test_the_schema_refuses_what_the_chart_would_refuse(values, defaults, schema):
    """The vendored schema is the strict one: a misplaced key fails it (so a pass means something)."""
    wrong = copy.deepcopy(values)
    wrong["hub"]["extraPort"] = wrong["hub"]["service"].pop("extraPorts")
    assert list(jsonschema.Draft7Validator(schema).iter_errors(_merged(defaults, wrong)))
    wrong = copy.deepcopy(values)
    wrong["hub"]["networkPolicy"]["ingress"] = {"ports": [10101]}
    assert list(jsonschema.Draft7Validator(schema).iter_errors(_merged(defaults, wrong)))


def test_the_vendored_schema_says_where_it_came_from():
    readme = (Z2JH / "schema" / "README.md").read_text()
    assert f"values.schema-{CHART}.yaml" in readme and "jupyterhub/values.schema.yaml" in readme
    assert re.search(r"\b[0-9a-f]{40}\b", readme), "the chart's commit"


# -- what the values mean -------------------------------------------------------------------------

def test_the_service_command_is_one_the_service_accepts(values):
    command = _service(values)["command"]
    assert command[:3] == ["python3", "-m", "cafe_widget.service"]
    start = start_up.read(command[3:], environ={"JUPYTERHUB_SERVICE_URL": f"http://10.1.2.3:{PORT}"})
    assert start.why is None, start.why
    assert start.args.teachers == {"teacher"}
    assert (start.host, start.port) == ("0.0.0.0", PORT)      # every address of the pod
    assert "--user" not in command       # the hub's pod runs as jovyan: no root to give up


def test_the_hub_and_the_proxy_reach_the_service_at_the_pods_own_address(values):
    """Not http://hub:… (the hub's Service, back into its own pod: "hairpin"), not 127.0.0.1 (the
    proxy is another pod): the pod's IP, from the downward API."""
    assert "url" not in _service(values)
    env = values["hub"]["extraEnv"]["POD_IP"]
    assert env["valueFrom"]["fieldRef"]["fieldPath"] == "status.podIP"
    c = _hub_config(values, {"POD_IP": "10.1.2.3"})
    [cafe] = [s for s in c.JupyterHub.services if s["name"] == "cafe"]
    assert cafe["url"] == f"http://10.1.2.3:{PORT}"


def test_the_service_asks_the_hubs_api_inside_the_pod(values):
    """JupyterHub gives a managed service JUPYTERHUB_API_URL from hub_connect_url (z2jh:
    http://hub:8081, hairpin); a service's `environment` is applied last and wins."""
    api = urlsplit(_service(values)["environment"]["JUPYTERHUB_API_URL"])
    assert (api.hostname, api.port, api.path) == ("127.0.0.1", 8081, "/hub/api")


def test_the_students_reach_the_service_through_the_hubs_service(values):
    url = urlsplit(values["singleuser"]["extraEnv"]["CAFE_SERVICE_URL"])
    assert (url.hostname, url.port, url.path) == ("hub", PORT, "/services/cafe/")
    [port] = [p for p in values["hub"]["service"]["extraPorts"] if p["port"] == PORT]
    assert port["targetPort"] == PORT
    [into_hub] = values["hub"]["networkPolicy"]["ingress"]
    assert into_hub["ports"] == [{"port": PORT}]
    assert into_hub["from"] == [{"podSelector": {"matchLabels": {"hub.jupyter.org/network-access-hub": "true"}}}]
    [out_of_servers] = values["singleuser"]["networkPolicy"]["egress"]
    assert out_of_servers["ports"] == [{"port": PORT}]
    assert out_of_servers["to"][0]["podSelector"]["matchLabels"]["component"] == "hub"


def test_the_scopes_are_in_the_role_and_the_servers_tokens(values):
    scope = "access:services!service=cafe"
    assert scope in values["hub"]["loadRoles"]["user"]["scopes"]
    assert scope in values["hub"]["config"]["Spawner"]["server_token_scopes"]
    assert values["hub"]["loadRoles"]["cafe-service"] == {"services": ["cafe"], "scopes": ["read:users", "read:groups"]}


def test_the_tables_are_on_a_volume_whatever_the_database(values):
    """/srv/jupyterhub is a volume only with hub.db.type sqlite-pvc: the tables have their own."""
    command = _service(values)["command"]
    data = command[command.index("--data") + 1]
    [mount] = values["hub"]["extraVolumeMounts"]
    assert data.startswith(mount["mountPath"].rstrip("/") + "/") and not data.startswith("/srv/jupyterhub")
    [volume] = [v for v in values["hub"]["extraVolumes"] if v["name"] == mount["name"]]
    claim = yaml.safe_load((Z2JH / "cafe-tables-pvc.yaml").read_text())
    assert volume["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]


# -- the images -----------------------------------------------------------------------------------

def _instructions(path: Path) -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", path.read_text())
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line.strip() else "")
            for line in (raw.strip() for raw in text.splitlines()) if line and not line.startswith("#")]


def test_the_hub_image_installs_the_wheel_as_root_without_dependencies():
    steps = _instructions(Z2JH / "Dockerfile.hub")
    assert ("ARG", f"CHART_VERSION={CHART}") in steps
    assert ("FROM", "quay.io/jupyterhub/k8s-hub:${CHART_VERSION}") in steps
    [install] = [i for i, (op, arg) in enumerate(steps) if op == "RUN" and "pip install" in arg]
    users = [(i, arg) for i, (op, arg) in enumerate(steps) if op == "USER"]
    assert [arg for i, arg in users if i < install][-1] == "root"
    assert users[-1][0] > install and users[-1][1] not in ("root", "0")    # back to the image's user
    pip = steps[install][1]
    assert "--no-deps" in pip and re.search(r"/tmp/\$\{WHEEL\}", pip)
    assert any(op == "COPY" and arg.startswith("dist/${WHEEL}") for op, arg in steps)
    assert ("ARG", "WHEEL=cafe_widget-0.1.0-py3-none-any.whl") in steps
    assert not re.search(r"pip install [^\n]*\bcafe_widget\b(?!\.service)", pip)     # not from an index


def test_the_students_jupyterhub_is_the_hubs_major():
    steps = _instructions(Z2JH / "Dockerfile.singleuser")
    major = CHART_JUPYTERHUB[CHART].split(".")[0]
    assert ("ARG", f"JUPYTERHUB_MAJOR={major}") in steps
    [run] = [arg for op, arg in steps if op == "RUN"]
    assert '"jupyterhub==${JUPYTERHUB_MAJOR}.*"' in run and "sys.exit" in run


# -- the service's start-up: it never exits ------------------------------------------------------

@pytest.mark.parametrize("argv", [["--teachers", "a,b"], ["--teachers", "a", "--teachers", "b"],
                                  ["--teachers", "a", "b"], ["--teachers", "a, b"], ["--teachers", "a", "b,"]])
def test_teachers_in_every_form(argv):
    start = start_up.read(argv, environ={})
    assert start.why is None and start.args.teachers == {"a", "b"}


def test_teachers_from_the_environment():
    assert start_up.read([], environ={"CAFE_TEACHERS": "a,b"}).args.teachers == {"a", "b"}
    assert start_up.read([], environ={}).args.teachers == set()


@pytest.mark.parametrize("argv", [["--bogus"], ["--pace", "soon"], ["--pace", "-1"], ["--listen", "nowhere"],
                                  ["--data"]])
def test_a_wrong_argument_is_a_reason_not_an_exit(argv):
    start = start_up.read(argv, environ={"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:10199"})
    assert start.args is None and start.why[0] == "arguments"
    assert (start.host, start.port) == ("127.0.0.1", 10199)      # it listens where the hub polls
    assert start.why[1]["error"] in start_up.why_text(start.why)()


def test_a_tables_folder_it_cannot_make_is_a_reason(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("")
    start = start_up.read(["--data", str(tmp_path / "file" / "tables")], environ={})
    assert start_up.set_up(start) is None and start.why[0] == "folder"


def test_an_account_that_is_not_there_is_a_reason(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    start = start_up.read(["--data", str(tmp_path / "t"), "--user", "no-such-account-46"], environ={})
    assert start_up.set_up(start) is None
    assert start.why == ("no_account", {"user": "no-such-account-46"})


def test_a_port_it_cannot_bind_is_tried_again_not_an_exit():
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    held.listen()
    try:
        assert start_up.bind("127.0.0.1", held.getsockname()[1], pause=0.01, tries=2) is None
    finally:
        held.close()


def test_a_service_that_did_not_start_answers_why():
    """200 at its prefix (JupyterHub takes any answer below 500 as "up"), 503 elsewhere."""
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    why = start_up.why_text(("arguments", {"error": "unrecognized arguments: --bogus"}))

    async def run():
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(not_started(why, "/services/cafe/"))
        server.add_sockets(sockets)
        base = f"http://127.0.0.1:{sockets[0].getsockname()[1]}/services/cafe/"
        client = AsyncHTTPClient()
        try:
            root = await client.fetch(base)
            try:
                await client.fetch(base + "api/tables", method="POST", body="{}")
            except HTTPClientError as err:
                api = err
            return root, api
        finally:
            server.stop()

    root, api = asyncio.run(run())
    assert root.code == 200 and json.loads(root.body) == {"service": "cafe", "running": False, "why": why()}
    assert api.code == 503 and json.loads(api.response.body) == {"refused": why()}
    assert "--bogus" in why()


def test_the_service_process_stays_up_with_a_wrong_argument(tmp_path):
    """As JupyterHub starts it: the process answers at its prefix, and stops on SIGTERM (0)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, JUPYTERHUB_SERVICE_URL=f"http://127.0.0.1:{port}",
               JUPYTERHUB_SERVICE_PREFIX="/services/cafe/", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "cafe_widget.service", "--teachers", "a", "--bogus"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline, answer = time.monotonic() + 10, None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/services/cafe/", timeout=1) as r:
                    answer = r.status, json.loads(r.read())
                break
            except OSError:
                time.sleep(0.05)
        assert proc.poll() is None, proc.stdout.read().decode()
        assert answer and answer[0] == 200 and answer[1]["running"] is False and "--bogus" in answer[1]["why"]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/services/cafe/api/tables", timeout=2)
        assert refused.value.code == 503
    finally:
        proc.send_signal(signal.SIGTERM)
        out = proc.communicate(timeout=10)[0].decode()
    assert proc.returncode == 0, out
    assert "--bogus" in out            # said in the hub's log
