"""A real JupyterHub on this machine for the tests (and benchmarks/class_hub.py): the hub's own
environment (tools/hub_env.py: Debian's Python, /opt/cafe-hub), system users with homes 700,
LocalProcessSpawner, the game service as the hub starts it, the configuration written by
``python -m cafe_widget.classroom hub-config``. Each student's code runs in that student's own
kernel, reached as a browser would: through the proxy, over the kernel's WebSocket."""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import hub_env  # noqa: E402

PASSWORD = "cafe-class"


def holds_hand(text: str, hand) -> bool:
    """Whether ``text`` (what a browser or a kernel's client received) holds ``hand``: its
    cards in order, as the game holds them or sorted, each as in notation and at most 40
    characters apart, so in any way a page writes a hand ("CNf CUf", a JSON list, the text
    twin's "CNf (a Chinese woman), CUf (a Cuban woman)")."""
    return any(re.search(".{0,40}?".join(re.escape(card) for card in order), text, re.DOTALL)
               for order in {tuple(hand), tuple(sorted(hand))})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_low_ports(n: int) -> list[int]:
    """``n`` free ports below 1024, where only root may listen (the service's, the hub's API and the
    proxy's API, as hub-config wants them)."""
    found = []
    for port in range(1010, 1024):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            found.append(port)
        if len(found) == n:
            return found
    raise RuntimeError(f"not {n} free ports from 1010 to 1023")


class Hub:
    """``with Hub(folder, teachers, students) as hub:`` a hub started, its users' servers on demand."""

    def __init__(self, folder: Path, teachers=("teacher",), students=("alice", "bob", "carol"), pace: float = 0):
        self.folder, self.teachers, self.students, self.pace = Path(folder), list(teachers), list(students), pace
        self.port = free_port()
        self.service_port, self.hub_api_port, self.proxy_api_port = free_low_ports(3)
        self.admin_token = secrets.token_hex(16)
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> "Hub":
        venv = hub_env.ensure_env()
        hub_env.ensure_users(self.teachers + self.students)
        self.folder.mkdir(parents=True, exist_ok=True)      # hub-config makes it 700: checked
        subprocess.run([venv / "bin" / "python", "-m", "cafe_widget.classroom", "hub-config", self.folder,
                        "--env", venv, "--data", self.folder / "tables", "--teachers", *self.teachers,
                        "--students", *self.students, "--ip", "127.0.0.1", "--port", str(self.port),
                        "--service-port", str(self.service_port), "--authenticator", "shared",
                        "--password", PASSWORD, "--pace", str(self.pace), "--proxy", hub_env.PROXY, "--force"],
                       check=True, capture_output=True)
        with open(self.folder / "jupyterhub_config.py", "a", encoding="utf-8") as config:
            config.write(f"""
# -- for the tests only -------------------------------------------------------------------------
c.JupyterHub.hub_bind_url = 'http://127.0.0.1:{self.hub_api_port}'     # below 1024, as hub-config's
c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{self.proxy_api_port}'
c.JupyterHub.cookie_secret_file = {str(self.folder / 'cookie_secret')!r}
c.JupyterHub.db_url = 'sqlite:///{self.folder / 'jupyterhub.sqlite'}'
c.JupyterHub.services.append({{'name': 'tests', 'api_token': {self.admin_token!r}}})
c.JupyterHub.load_roles.append({{'name': 'tests', 'services': ['tests'],
    'scopes': ['admin:users', 'admin:servers', 'tokens', 'access:servers', 'read:users', 'list:users', 'read:services']}})
c.Spawner.args.append('--LabApp.expose_app_in_browser=True')   # the browser tests drive window.jupyterapp
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
# the hub restarts a stopped service when it next polls it: every second here (30 s by default)
from jupyterhub.services import service as _service
_made = _service._ServiceSpawner.__init__
def _polled_often(self, *args, _made=_made, **kwargs):
    kwargs.setdefault('poll_interval', 1)
    _made(self, *args, **kwargs)
_service._ServiceSpawner.__init__ = _polled_often
# a spawn request answers at once (202): the class's servers start together, not one by one
c.JupyterHub.tornado_settings = {{'slow_spawn_timeout': 0}}
""")
        env = {**os.environ, "PATH": f"{venv}/bin:{hub_env.PROXY.parent}:/usr/local/bin:/usr/bin:/bin"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.log = open(self.folder / "hub.log", "w")
        self.proc = subprocess.Popen([venv / "bin" / "jupyterhub", "-f", self.folder / "jupyterhub_config.py"],
                                     cwd=self.folder, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self._wait(lambda: self.api("GET", "services/cafe") is not None, 60, "the hub and its service")
        self._wait(lambda: self._service_up(), 30, "the game service")
        return self

    def __exit__(self, *exc) -> None:
        if self.proc is not None:     # a test's hub: stopped at once, with all it started
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(20)
        # the proxy: JupyterHub starts it in a session of its own, so that it outlives the hub
        # (its command line says "--port N", with a space)
        subprocess.run(["pkill", "-KILL", "-f", "--", f"configurable-http-proxy .*--port[= ]{self.port}( |$)"], check=False)
        # the game service the hub started again after a test killed it lives in a session of its own
        subprocess.run(["pkill", "-KILL", "-f", "--", f"cafe_widget.service --data {self.folder / 'tables'}"], check=False)
        for user in self.teachers + self.students:    # its users' servers and kernels: never a leftover
            subprocess.run(["pkill", "-KILL", "-u", user], check=False)
        self.log.close()

    def hub_log(self) -> str:
        return (self.folder / "hub.log").read_text(errors="replace")[-4000:]

    def _wait(self, ready, timeout: float, what: str) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the hub stopped:\n{self.hub_log()}")
            try:
                if ready():
                    return
            except (OSError, urllib.error.URLError, ValueError, http.client.HTTPException):
                pass        # not up yet, or another process answers on the port for now
            time.sleep(0.2)
        raise TimeoutError(f"{what} not ready in {timeout} s:\n{self.hub_log()}")

    def _service_up(self) -> bool:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{self.service_port}/services/cafe/api/tables", timeout=2)
        except urllib.error.HTTPError as err:
            return err.code == 403      # up, and asking for a token
        return False

    def api(self, method: str, path: str, body=None, token: str | None = None):
        request = urllib.request.Request(f"{self.url}/hub/api/{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": f"token {token or self.admin_token}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                text = answer.read()
                return json.loads(text) if text else {}
        except urllib.error.HTTPError as err:
            if err.code == 404:
                return None
            raise

    def service_pid(self) -> int | None:
        out = subprocess.run(["pgrep", "-f", "-n", "--", f"cafe_widget.service --data {self.folder / 'tables'}"],
                             capture_output=True, text=True).stdout.split()
        return int(out[0]) if out else None

    # -- the users' servers and kernels ------------------------------------------------------------

    def start_servers(self, users, timeout: float = 90) -> dict[str, str]:
        """Each user's server started (at once, as a class logs in); a token of each for its server."""
        for user in users:
            try:
                self.api("POST", f"users/{user}/server")
            except urllib.error.HTTPError as err:
                # JupyterHub 6.1's spawn handler can answer 500 (InvalidStateError) for a server
                # slow to start on a busy machine: ask once more, then wait for it as for the rest
                if err.code != 500:
                    raise
                time.sleep(1)
                try:
                    self.api("POST", f"users/{user}/server")
                except urllib.error.HTTPError as again:
                    if again.code not in (400, 500):     # 400: already starting
                        raise
        tokens = {u: self.api("POST", f"users/{u}/tokens", {"scopes": [f"access:servers!user={u}"],
                                                            "expires_in": 3600})["token"] for u in users}
        for user in users:
            self._wait(lambda u=user: (self.api("GET", f"users/{u}") or {}).get("servers", {}).get("", {})
                       .get("ready"), timeout, f"{user}'s server")
            # "ready" in the hub's API can come a moment before the proxy routes to the server (a
            # 404 then, seen once in CI on a busy machine): wait until the server itself answers
            self._wait(lambda u=user: self._server_answers(u, tokens[u]), timeout, f"{user}'s server, through the proxy")
        return tokens

    def _server_answers(self, user: str, token: str) -> bool:
        request = urllib.request.Request(f"{self.url}/user/{user}/api/status",
                                         headers={"Authorization": f"token {token}"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status == 200
        except (urllib.error.URLError, OSError):
            return False

    def put_notebook(self, user: str, token: str, path: str, nb: dict) -> None:
        """A notebook in ``user``'s home, written by their own server (as that user)."""
        request = urllib.request.Request(f"{self.url}/user/{user}/api/contents/{path}", method="PUT",
                                         data=json.dumps({"type": "notebook", "format": "json", "content": nb}).encode(),
                                         headers={"Authorization": f"token {token}"})
        urllib.request.urlopen(request, timeout=30).read()

    def attach(self, user: str, token: str, path: str) -> "Kernel":
        """The kernel of ``user``'s notebook ``path`` (as JupyterLab opened it), reached a second time."""
        request = urllib.request.Request(f"{self.url}/user/{user}/api/sessions",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            sessions = json.loads(answer.read())
        kernel_id = next(s["kernel"]["id"] for s in sessions if s["path"] == path)
        return Kernel(f"ws://127.0.0.1:{self.port}/user/{user}/api/kernels/{kernel_id}/channels", token, user)

    def terminal(self, user: str, token: str, line: str, until: str, timeout: float = 30) -> str:
        """``line`` typed in a new terminal of ``user``'s server (File → New → Terminal), as a
        browser does it: what the terminal printed, up to ``until``."""
        from websockets.sync.client import connect

        request = urllib.request.Request(f"{self.url}/user/{user}/api/terminals", method="POST", data=b"{}",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            name = json.loads(answer.read())["name"]
        url = f"ws://127.0.0.1:{self.port}/user/{user}/terminals/websocket/{name}"
        out, end = "", time.monotonic() + timeout
        with connect(url, additional_headers={"Authorization": f"token {token}"}, open_timeout=30) as ws:
            ws.send(json.dumps(["stdin", line + "\r"]))
            while until not in out and time.monotonic() < end:
                try:
                    kind, *text = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
                except TimeoutError:
                    break
                if kind == "stdout":
                    out += "".join(text)
        return out

    def kernel(self, user: str, token: str) -> "Kernel":
        request = urllib.request.Request(f"{self.url}/user/{user}/api/kernels", method="POST",
                                         data=b"{}", headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            kernel_id = json.loads(answer.read())["id"]
        return Kernel(f"ws://127.0.0.1:{self.port}/user/{user}/api/kernels/{kernel_id}/channels", token, user)


class Kernel:
    """One kernel, reached over its WebSocket as JupyterLab reaches it: ``run(code)`` → its output.
    ``frames``: every text frame the kernel's WebSocket sent (what a browser would receive)."""

    def __init__(self, url: str, token: str, user: str):
        from websockets.sync.client import connect

        self.user, self.session = user, uuid.uuid4().hex
        self._connection = connect(url, additional_headers={"Authorization": f"token {token}"}, max_size=2**26,
                                   ping_interval=30, ping_timeout=120,   # a busy machine answers late
                                   open_timeout=30)
        self.ws = self._connection.__enter__()
        self.frames: list[str] = []

    def run(self, code: str, timeout: float = 120) -> str:
        return self.wait(self.start(code), timeout)

    def start(self, code: str) -> str:
        """Send ``code`` to run; its id for :meth:`wait` (several kernels run at once)."""
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": self.user,
                       "session": self.session, "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        return msg_id

    def wait(self, msg_id: str, timeout: float = 120) -> str:
        out, error, replied, idle = [], None, False, False
        end = time.monotonic() + timeout
        while not (replied and idle):
            frame = self.ws.recv(timeout=max(0.1, end - time.monotonic()))
            if isinstance(frame, bytes):
                continue          # ipycanvas's image buffers
            self.frames.append(frame)
            msg = json.loads(frame)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "execute_result":
                out.append(content["data"].get("text/plain", "") + "\n")
            elif kind == "error":
                error = "\n".join(content.get("traceback", [])) or content.get("evalue")
            elif kind == "execute_reply":
                replied = True
            elif kind == "status" and content.get("execution_state") == "idle":
                idle = True
        if error:
            raise RuntimeError(f"{self.user}'s kernel: {error}")
        return "".join(out)

    def close(self) -> None:
        self._connection.__exit__(None, None, None)
