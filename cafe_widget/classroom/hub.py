"""``python -m cafe_widget.classroom hub-config DIR``: a ``jupyterhub_config.py`` for a class on
one server (The Littlest JupyterHub, or a hub of the school's own).

What it writes, and why (the pitfalls seen on a real hub are handled here, not in a guide):

- **LocalProcessSpawner with system users**: each student's server and kernels run as that
  student, in their own home (never ``SimpleLocalProcessSpawner``: every server would be the
  hub's user, and one student could read another's files and token);
- **the game service** ``cafe`` (``python -m cafe_widget.service``), started by the hub, its tables
  in ``--data``; the scope ``access:services!service=cafe`` in the *user* role **and** in the
  servers' token scopes (with only one of the two, the service answers 403);
- the servers' ``PATH`` set (the hub's own may hold folders a student cannot read) and
  ``CAFE_SERVICE_URL``, where a kernel finds the service: **a port below 1024** (1010), which only
  root may bind, so that no student can listen there while the service is down (restarting,
  killed) and collect the tokens every kernel sends it (issue 45); the service binds it, then
  runs as its own account (``--service-user``, ``cafe-service``: made by hub-config when run as
  root), never as root;
- the hub's database and cookie secret in the configuration's folder, which hub-config makes
  mode 700: no student reads the hub's users, tokens or servers;
- nbgrader's exchange at ``/srv/nbgrader/exchange`` with the course id, in a system-wide
  ``nbgrader_config.py`` beside it (put it in ``<env>/etc/jupyter/``).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from ..i18n import N_, translate
from .exercises import COURSE_ID

SERVICE = "cafe"
#: Below 1024: only root binds it (``net.ipv4.ip_unprivileged_port_start`` is 1024), never a student.
SERVICE_PORT = 1010
#: The hub's own API and the proxy's API, below 1024 too: every student's server sends the hub its
#: token, and the hub sends the proxy its secret, to whatever listens there.
HUB_API_PORT, PROXY_API_PORT = 1011, 1012
#: The service's own account: it binds the port as root, then runs as this user.
SERVICE_USER = "cafe-service"
EXCHANGE = "/srv/nbgrader/exchange"
NAME = re.compile(r"^[a-z_][a-z0-9_.-]{0,31}$")

WORDS = {
    "bad_user": N_("{user} is not a user name of this system (small letters, digits, _ . -; at most 32)."),
    "bad_port": N_("--port and --service-port are numbers from 1 to 65535, and not the same."),
    "squattable": N_("--service-port {port}: the game service listens below 1024 (for example 1010), where only "
                     "root may listen: on a higher port any student could listen while the service restarts and "
                     "collect every kernel's token."),
    "no_service_user": N_("The account {user} does not exist, and only root can make it: run hub-config as root, "
                          "or make it (useradd --system --no-create-home --shell /usr/sbin/nologin {user})."),
    "exists": N_("{path} is there already: move it away, or give --force to write over it."),
    "written": N_("Written: {files}. Start the hub with: jupyterhub -f {config} (as root: it starts each "
                  "student's server as that student)."),
}


def _say(key: str, lang: str | None = None, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


def config_text(*, env: str, data: str, teachers: list[str], students: list[str], ip: str = "",
                port: int = 8000, service_port: int = SERVICE_PORT, course_id: str = "cafe",
                exchange: str = EXCHANGE, authenticator: str = "pam", password: str | None = None,
                pace: float = 0.8, proxy: str | None = None, service_user: str = SERVICE_USER,
                folder: str | None = None) -> str:
    """The text of ``jupyterhub_config.py``: see the module's docstring."""
    env = str(Path(env))
    python = f"{env}/bin/python"
    path = f"{env}/bin:/usr/local/bin:/usr/bin:/bin"
    service_url = f"http://127.0.0.1:{service_port}"
    lines = [
        '"""JupyterHub for a class playing Café International: written by',
        "`python -m cafe_widget.classroom hub-config` (the teacher's guide, chapter 9). Edit freely:",
        'hub-config writes it again only with --force."""',
        "",
        "c = get_config()  # noqa: F821 - JupyterHub's configuration object",
        "",
        f"c.JupyterHub.ip = {ip!r}          # '' : every interface of this server (the classroom reaches it)",
        f"c.JupyterHub.port = {port}",
        "# The hub's API (every server sends it its token) and the proxy's (the hub sends it its secret)",
        "# below 1024 too, where only root may listen: no student listens there while either restarts.",
        f"c.JupyterHub.hub_bind_url = 'http://127.0.0.1:{HUB_API_PORT}'",
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{PROXY_API_PORT}'",
        "",
        *([f"c.ConfigurableHTTPProxy.command = [{proxy!r}]"] if proxy else []),
        "# Each student's server and kernels run as that student, in their own home (mode 700).",
        'c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"',
        f"c.Spawner.cmd = [{env + '/bin/jupyterhub-singleuser'!r}]",
        'c.Spawner.default_url = "/lab"',
        "# A terminal (File → New → Terminal) keeps the server's PATH: not a login shell, which would put the",
        "# system's PATH back (no python of this environment, no nbgrader, no package).",
        f"c.Spawner.args = [{'--ServerApp.terminado_settings=shell_command=[' + repr(_shell()) + ']'!r}]",
        "c.Spawner.environment = {",
        f"    'PATH': {path!r},   # the hub's own PATH may hold folders students cannot read",
        f"    'CAFE_SERVICE_URL': {service_url + '/services/' + SERVICE + '/'!r},",
        "}",
        "# A server's token may reach the game service (and the service checks it does).",
        "c.Spawner.server_token_scopes = ['users:activity!user', 'access:servers!server',",
        f"                                 'access:services!service={SERVICE}']",
        "",
        "# Who may log in, and who teaches (hub admins, and the group 'teachers').",
    ]
    if authenticator == "dummy":
        lines += ["# A try-out only: one shared password for every name listed below.",
                  "c.JupyterHub.authenticator_class = 'dummy'",
                  f"c.DummyAuthenticator.password = {password or 'cafe'!r}"]
    else:
        lines += ["# The system's own users and passwords (PAM). Add a student: useradd -m NAME; passwd NAME;",
                  "# chmod 700 /home/NAME (Debian makes homes that every user can read)."]
    people = sorted(set(students) | set(teachers))
    if people:
        lines.append(f"c.Authenticator.allowed_users = set({people!r})")
    else:
        lines.append("c.Authenticator.allow_all = True      # every user of the system may log in")
    lines += [
        f"c.Authenticator.admin_users = set({sorted(set(teachers))!r})",
        f"c.JupyterHub.load_groups = {{'teachers': {{'users': {sorted(teachers)!r}}}}}",
        "",
        "# The game service: the hub starts it, routes /services/cafe/ to it, gives it its token.",
        "# It listens below 1024 (only root may: no student can take its place while it restarts), then",
        f"# runs as {service_user or 'root'!r}.",
        "c.JupyterHub.services = [{",
        f"    'name': {SERVICE!r},",
        f"    'url': {service_url!r},",
        f"    'command': [{python!r}, '-m', 'cafe_widget.service', '--data', {data!r},",
        f"                '--teachers', {','.join(sorted(teachers))!r}, '--teacher-group', 'teachers',",
        f"                '--pace', {str(pace)!r}" + (f", '--user', {service_user!r}]," if service_user else "],"),
        f"    'environment': {{'PATH': {path!r}}},",
        "}]",
        "c.JupyterHub.load_roles = [",
        "    # every student (the role 'user') may reach the service: with the servers' token scope above",
        f"    {{'name': 'user', 'scopes': ['self', 'access:services!service={SERVICE}']}},",
        "    # the service reads who is an admin or in the teachers' group",
        f"    {{'name': 'cafe-service', 'services': [{SERVICE!r}], 'scopes': ['read:users', 'read:groups']}},",
        "]",
        "",
        f"# nbgrader's exchange: {exchange} (mode 777, sticky), course id {course_id!r}: see nbgrader_config.py",
        "",
    ]
    if folder:
        lines += [
            "# The hub's own files (users, tokens, servers; the cookie secret) in this folder, which only root",
            "# may enter (hub-config makes it mode 700): never in a folder a student can read.",
            f"c.JupyterHub.db_url = {'sqlite:///' + str(Path(folder) / 'jupyterhub.sqlite')!r}",
            f"c.JupyterHub.cookie_secret_file = {str(Path(folder) / 'jupyterhub_cookie_secret')!r}",
            "",
        ]
    return "\n".join(lines)


def _shell() -> str:
    """The terminals' shell: bash where the system has it, else sh."""
    return "/bin/bash" if os.path.exists("/bin/bash") else "/bin/sh"


def nbgrader_text(course_id: str, exchange: str = EXCHANGE) -> str:
    return "\n".join([
        '"""nbgrader on the class\'s hub (written by cafe_widget.classroom hub-config): put it in',
        '<env>/etc/jupyter/ so that every student\'s and teacher\'s kernel reads it."""',
        "c = get_config()  # noqa: F821",
        f"c.CourseDirectory.course_id = {course_id!r}",
        f"c.Exchange.root = {exchange!r}",
        "",
    ])


def main(argv=None, lang: str | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cafe_widget.classroom hub-config",
        description="Write jupyterhub_config.py (and nbgrader_config.py) for a class on one server.")
    parser.add_argument("dir", help="where to write the two files")
    parser.add_argument("--env", default=sys.prefix,
                        help="the Python environment every student's server runs in (default: this one); "
                             "it must be readable by every user (not under /root)")
    parser.add_argument("--data", default="/srv/cafe/tables", help="where the game service keeps the tables")
    parser.add_argument("--teachers", nargs="*", default=[], help="system users who teach (hub admins)")
    parser.add_argument("--students", nargs="*", default=[],
                        help="system users who may log in (default: every user of the system)")
    parser.add_argument("--ip", default="", help="the address the hub listens on (default: every one)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--service-port", type=int, default=SERVICE_PORT,
                        help=f"below 1024, where only root may listen (default: {SERVICE_PORT})")
    parser.add_argument("--service-user", default=SERVICE_USER,
                        help=f"the account the service runs as, once it listens (default: {SERVICE_USER}; "
                             "made when hub-config runs as root; '' keeps it root)")
    parser.add_argument("--course-id", default=COURSE_ID,
                        help=f"nbgrader's course id (default: {COURSE_ID}, as make-course writes it)")
    parser.add_argument("--exchange", default=EXCHANGE)
    parser.add_argument("--authenticator", choices=("pam", "dummy"), default="pam",
                        help="pam: the system's passwords; dummy: one shared --password (a try-out only)")
    parser.add_argument("--password", default=None)
    parser.add_argument("--pace", type=float, default=0.8, help="seconds between the computers' turns")
    parser.add_argument("--proxy", default=None,
                        help="configurable-http-proxy's path, when it is not on the hub's PATH")
    parser.add_argument("--force", action="store_true", help="write over files already there")
    args = parser.parse_args(argv)
    for user in args.teachers + args.students:
        if not NAME.match(user):
            parser.error(_say("bad_user", lang, user=user))
    if not (0 < args.port < 65536 and 0 < args.service_port < 65536) or args.port == args.service_port:
        parser.error(_say("bad_port", lang))
    if args.service_port >= 1024:
        parser.error(_say("squattable", lang, port=args.service_port))
    if not re.match(r"^[A-Za-z0-9_-]{1,64}$", args.course_id):
        parser.error("--course-id: letters, digits, _ and -")
    if args.service_user and not NAME.match(args.service_user):
        parser.error(_say("bad_user", lang, user=args.service_user))
    out = Path(args.dir).absolute()
    files = {out / "jupyterhub_config.py": config_text(
                 env=os.path.abspath(args.env), data=os.path.abspath(args.data), teachers=args.teachers,
                 students=args.students, ip=args.ip, port=args.port, service_port=args.service_port,
                 course_id=args.course_id, exchange=args.exchange, authenticator=args.authenticator,
                 password=args.password, pace=args.pace, proxy=args.proxy, service_user=args.service_user,
                 folder=str(out)),
             out / "nbgrader_config.py": nbgrader_text(args.course_id, args.exchange)}
    for path in files:
        if path.exists() and not args.force:
            print(_say("exists", lang, path=path), file=sys.stderr)
            return 1
    if args.service_user and not _account(args.service_user):
        print(_say("no_service_user", lang, user=args.service_user), file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True, mode=0o700)
    out.chmod(0o700)                            # the hub's database and secret will be here
    from ..service.rooms import write_atomically

    for path, text in files.items():
        compile(text, str(path), "exec")        # never a file the hub cannot read
        # the hub's own file for root (it may hold the try-out's password); nbgrader's for every user
        write_atomically(path, text, 0o600 if path.name == "jupyterhub_config.py" else 0o644)
    print(_say("written", lang, files=", ".join(str(p) for p in files), config=out / "jupyterhub_config.py"))
    return 0


def _account(user: str) -> bool:
    """Whether the system has the account ``user``: made now (a system account, no home, no
    shell) when it has not and this runs as root."""
    import pwd
    import subprocess

    try:
        pwd.getpwnam(user)
        return True
    except KeyError:
        pass
    if os.geteuid() != 0:
        return False
    made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user],
                          capture_output=True)
    return made.returncode == 0
