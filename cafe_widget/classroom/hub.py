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
  killed) and collect the tokens every kernel sends it; the service binds it, then
  runs as its own account (``--service-user``, ``cafe-service``: made by hub-config when run as
  root), never as root;
- the hub's database and cookie secret in the configuration's folder, which hub-config makes
  mode 700: no student reads the hub's users, tokens or servers;
- nbgrader, whole: the exchange at ``/srv/nbgrader/exchange`` and the course id in the
  environment's ``etc/jupyter/nbgrader_config.py`` (every server reads it); nbgrader's teacher tools
  (the formgrader, Create assignment, the course list) off for everyone in the environment and on
  again for teachers only, from a folder of their own (``etc/cafe-teachers``, put on a teacher's
  ``JUPYTER_CONFIG_PATH`` by the spawner's hook), where the formgrader also opens the teacher's
  course (``~/cafe_course``) and may be shown inside the teacher's JupyterLab (the hub's servers
  forbid any framing: ``frame-ancestors 'none'``; a teacher's allows their own pages, ``'self'``);
- terminals that keep the environment's ``PATH``, with a sentence naming the fix when a command is
  not found.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from ..i18n import N_, translate
from .course.notebooks import GRADING
from .course.exercises import COURSE_ID

SERVICE = "cafe"
#: Below 1024: only root binds it (``net.ipv4.ip_unprivileged_port_start`` is 1024), never a student.
SERVICE_PORT = 1010
#: The hub's own API and the proxy's API, below 1024 too: every student's server sends the hub its
#: token, and the hub sends the proxy its secret, to whatever listens there.
HUB_API_PORT, PROXY_API_PORT = 1011, 1012
#: The service's own account: it binds the port as root, then runs as this user.
SERVICE_USER = "cafe-service"
EXCHANGE = "/srv/nbgrader/exchange"
#: nbgrader's teacher tools: off for every server of the environment, on again for teachers only.
TEACHER_LAB = ("@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment", "@jupyter/nbgrader:course-list")
TEACHER_SERVER = ("nbgrader.server_extensions.formgrader", "nbgrader.server_extensions.course_list")
#: The teachers' own Jupyter configuration, in the environment (on their JUPYTER_CONFIG_PATH).
TEACHERS_CONFIG = "etc/cafe-teachers"
#: Where a teacher's formgrader finds the course (make-course's folder in the guide), in their home.
COURSE_DIR = "~/cafe_course"
MIN_PASSWORD = 8            # JupyterHub's SharedPasswordAuthenticator: user_password
MIN_TEACHER_PASSWORD = 32   # …and admin_password
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
    "no_env": N_("--env {env}: no Python environment there (no {python}). Make it first (python3 -m venv {env}), "
                 "then install the package into it (the teacher's guide, chapter 9)."),
    "short_password": N_("--password: at least {n} characters (JupyterHub's shared password)."),
    "short_teacher_password": N_("--teacher-password: at least {n} characters, and not the students' password "
                                 "(JupyterHub's password for the hub's admins)."),
    "written": N_("Written: {files}. Start the hub, as root (it starts each student's server as that student): "
                  "cd {folder} && {jupyterhub} -f jupyterhub_config.py"),
    "not_found": N_("{command}: not a command of this terminal. The class's commands (python, jupyter, nbgrader) "
                    "are in {env}/bin, on this terminal's PATH; a command of the system may need its full path "
                    "(/usr/bin/…). The teacher's guide, chapter 9, says which commands to type."),
}


def _say(key: str, lang: str | None = None, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


def config_text(*, env: str, data: str, teachers: list[str], students: list[str], ip: str = "",
                port: int = 8000, service_port: int = SERVICE_PORT, course_id: str = "cafe",
                exchange: str = EXCHANGE, authenticator: str = "pam", password: str | None = None,
                pace: float = 0.8, proxy: str | None = None, service_user: str = SERVICE_USER,
                folder: str | None = None, teacher_password: str | None = None, live_progress: bool = True) -> str:
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
        "# Its commands are the environment's; one not found is answered with the fix (etc/cafe-bashrc).",
        f"c.Spawner.args = [{'--ServerApp.terminado_settings=shell_command=' + repr(_shell(env)) !r}]",
        "c.Spawner.environment = {",
        f"    'PATH': {path!r},   # the hub's own PATH may hold folders students cannot read",
        f"    'CAFE_SERVICE_URL': {service_url + '/services/' + SERVICE + '/'!r},",
        *(["    # each exercise's outcome also goes to the teacher's live view (the guide, chapter 9):",
           "    'CAFE_LIVE_PROGRESS': '1',"] if live_progress else
          ["    # no live view of the class: the students' outcomes stay in their own progress files",
           "    'CAFE_LIVE_PROGRESS': '0',"]),
        "}",
        "# A server's token may reach the game service (and the service checks it does).",
        "c.Spawner.server_token_scopes = ['users:activity!user', 'access:servers!server',",
        f"                                 'access:services!service={SERVICE}']",
        "",
        "# Who may log in, and who teaches (hub admins, and the group 'teachers').",
    ]
    admins = sorted(set(teachers))
    if authenticator in ("shared", "dummy"):
        lines += ["# A try-out only: one shared password lets in every name listed below (JupyterHub's",
                  "# SharedPasswordAuthenticator, 5.3 and later); the hub's admins have a password of their own.",
                  "c.JupyterHub.authenticator_class = 'shared-password'",
                  f"c.SharedPasswordAuthenticator.user_password = {password or 'cafe-class'!r}"]
        if teacher_password:
            lines.append(f"c.SharedPasswordAuthenticator.admin_password = {teacher_password!r}")
        else:
            lines += ["# No --teacher-password: the teachers log in with the students' password, so they are not the",
                      "# hub's admins (the game service and nbgrader's tools know them as the group 'teachers')."]
            admins = []
    else:
        lines += ["# The system's own users and passwords (PAM). Add a student: useradd -m NAME; passwd NAME;",
                  "# chmod 700 /home/NAME (Debian makes homes that every user can read)."]
    people = sorted(set(students) | set(teachers))
    if people:
        lines.append(f"c.Authenticator.allowed_users = set({people!r})")
    else:
        lines.append("c.Authenticator.allow_all = True      # every user of the system may log in")
    lines += [
        f"c.Authenticator.admin_users = set({admins!r})",
        f"c.JupyterHub.load_groups = {{'teachers': {{'users': {sorted(teachers)!r}}}}}",
        "",
        "# nbgrader's teacher tools (the formgrader, Create assignment, the course list) are off in the",
        f"# environment for everyone, and on for teachers: their servers also read {env}/{TEACHERS_CONFIG}.",
        f"TEACHERS = set({sorted(set(teachers))!r})",
        "",
        "def _teachers_tools(spawner):",
        "    user = spawner.user",
        "    if user.name in TEACHERS or user.admin or any(g.name == 'teachers' for g in user.groups):",
        f"        spawner.environment = {{**spawner.environment, 'JUPYTER_CONFIG_PATH': {env + '/' + TEACHERS_CONFIG!r}}}",
        "",
        "c.Spawner.pre_spawn_hook = _teachers_tools",
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
        "    # its page for the projector (the class, live) opens to a teacher logged in, with no question",
        "    'oauth_no_confirm': True,",
        "}]",
        "c.JupyterHub.load_roles = [",
        "    # every student (the role 'user') may reach the service: with the servers' token scope above",
        f"    {{'name': 'user', 'scopes': ['self', 'access:services!service={SERVICE}']}},",
        "    # the service reads who is an admin or in the teachers' group",
        f"    {{'name': 'cafe-service', 'services': [{SERVICE!r}], 'scopes': ['read:users', 'read:groups']}},",
        "]",
        "",
        f"# nbgrader's exchange: {exchange} (mode 1777), course id {course_id!r}: {env}/etc/jupyter/nbgrader_config.py",
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


def _shell(env: str) -> list[str]:
    """The terminals' shell: bash with the environment's rc file (not a login shell: it keeps PATH),
    where the system has bash; else sh."""
    if os.path.exists("/bin/bash"):
        return ["/bin/bash", "--rcfile", f"{env}/etc/cafe-bashrc"]
    return ["/bin/sh"]


def nbgrader_text(course_id: str, exchange: str = EXCHANGE) -> str:
    return "\n".join([
        '"""nbgrader on the class\'s hub, for every student\'s and teacher\'s server (written into the',
        'environment\'s etc/jupyter/ by cafe_widget.classroom hub-config)."""',
        "c = get_config()  # noqa: F821",
        f"c.CourseDirectory.course_id = {course_id!r}",
        f"c.Exchange.root = {exchange!r}",
        "",
    ])


def _merged(path: Path, update) -> str:
    """A JSON file of Jupyter's with ``update`` applied (what is there already kept)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    update(data if isinstance(data, dict) else {})
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


def env_files(env: Path, *, course_id: str, exchange: str, course_dir: str = COURSE_DIR,
              lang: str | None = None) -> dict[Path, str]:
    """What the environment's servers read: nbgrader's exchange and course id; nbgrader's teacher
    tools off, and on again in the teachers' folder; the terminals' rc file."""
    etc, teachers = env / "etc" / "jupyter", env / TEACHERS_CONFIG

    def lab(on: bool):
        return lambda data: data.setdefault("disabledExtensions", {}).update({e: not on for e in TEACHER_LAB})

    def server(on: bool, frames: str):
        def update(data):
            app = data.setdefault("ServerApp", {})
            app.setdefault("jpserver_extensions", {}).update({e: on for e in TEACHER_SERVER})
            if frames:   # the formgrader's panel shows the teacher's own pages in a frame
                app.setdefault("tornado_settings", {}).setdefault("headers", {})["Content-Security-Policy"] = frames
        return update

    not_found = _say("not_found", lang, command="%s", env=str(env)).replace("'", "'\\''")
    return {
        etc / "nbgrader_config.py": nbgrader_text(course_id, exchange),
        etc / "labconfig" / "page_config.json": _merged(etc / "labconfig" / "page_config.json", lab(False)),
        etc / "jupyter_server_config.json": _merged(etc / "jupyter_server_config.json", server(False, "")),
        teachers / "labconfig" / "page_config.json": _merged(teachers / "labconfig" / "page_config.json", lab(True)),
        teachers / "jupyter_server_config.json": _merged(teachers / "jupyter_server_config.json",
                                                         server(True, "frame-ancestors 'self'")),
        teachers / "nbgrader_config.py": "\n".join([
            '"""nbgrader for a teacher\'s server on the class\'s hub (written by hub-config): the formgrader',
            f"opens the course in {course_dir} (make-course {course_dir}), and grades as the course's own",
            "nbgrader_config.py says, even when the course was made after the server started (nbgrader reads",
            'a course\'s file once, when the server starts): only the answers cross."""',
            "import os",
            "c = get_config()  # noqa: F821",
            f"c.CourseDirectory.root = os.path.expanduser({course_dir!r})",
            GRADING + 'c.ClearSolutions.code_stub = {"python": "answer = ..."}',
            ""]),
        env / "etc" / "cafe-bashrc": "\n".join([
            "# The class's terminals (written by cafe_widget.classroom hub-config): bash, not a login shell,",
            "# so that the environment's PATH stays; the person's own ~/.bashrc is read too.",
            '[ -f ~/.bashrc ] && . ~/.bashrc',
            f'case ":$PATH:" in *":{env}/bin:"*) ;; *) PATH="{env}/bin:$PATH" ;; esac',
            "command_not_found_handle() {",
            f"    printf '{not_found}\\n' \"$1\" >&2",
            "    return 127",
            "}",
            ""]),
    }


def main(argv=None, lang: str | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cafe_widget.classroom hub-config",
        description="Write jupyterhub_config.py for a class on one server, and into the environment what its servers read.")
    parser.add_argument("dir", help="where to write jupyterhub_config.py (the hub keeps its database there)")
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
    parser.add_argument("--authenticator", choices=("pam", "shared", "dummy"), default="pam",
                        help="pam: the system's passwords; shared (or dummy): one shared --password, a try-out only")
    parser.add_argument("--password", default=None, help=f"the shared password (at least {MIN_PASSWORD} characters)")
    parser.add_argument("--teacher-password", default=None,
                        help=f"with a shared password: the teachers' own (at least {MIN_TEACHER_PASSWORD} "
                             "characters), which makes them the hub's admins")
    parser.add_argument("--course-dir", default=COURSE_DIR,
                        help=f"where a teacher's formgrader finds the course, in their home (default: {COURSE_DIR})")
    parser.add_argument("--pace", type=float, default=0.8, help="seconds between the computers' turns")
    parser.add_argument("--proxy", default=None,
                        help="configurable-http-proxy's path, when it is not on the hub's PATH")
    parser.add_argument("--no-live-progress", action="store_true",
                        help="the students' outcomes stay in their own files: no live view of the class")
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
    if args.authenticator != "pam" and len(args.password or "cafe-class") < MIN_PASSWORD:
        parser.error(_say("short_password", lang, n=MIN_PASSWORD))
    if args.teacher_password is not None and (len(args.teacher_password) < MIN_TEACHER_PASSWORD
                                              or args.teacher_password == args.password):
        parser.error(_say("short_teacher_password", lang, n=MIN_TEACHER_PASSWORD))
    if not re.match(r"^~?[A-Za-z0-9_./-]{1,200}$", args.course_dir):
        parser.error("--course-dir: a folder (~/cafe_course)")
    env = Path(os.path.abspath(args.env))
    if not (env / "bin" / "python").exists():
        parser.error(_say("no_env", lang, env=env, python=env / "bin" / "python"))
    out = Path(args.dir).absolute()
    files = {out / "jupyterhub_config.py": config_text(
                 env=str(env), data=os.path.abspath(args.data), teachers=args.teachers,
                 students=args.students, ip=args.ip, port=args.port, service_port=args.service_port,
                 course_id=args.course_id, exchange=args.exchange, authenticator=args.authenticator,
                 password=args.password, pace=args.pace, proxy=args.proxy, service_user=args.service_user,
                 folder=str(out), teacher_password=args.teacher_password,
                 live_progress=not args.no_live_progress)}
    environment = env_files(env, course_id=args.course_id, exchange=args.exchange, course_dir=args.course_dir,
                            lang=lang)
    for path in [*files, *environment]:
        if path.suffix == ".json":     # Jupyter's own settings files: merged, never refused
            continue
        if path.exists() and not args.force and path.read_text(encoding="utf-8") != environment.get(path):
            print(_say("exists", lang, path=path), file=sys.stderr)
            return 1
    if args.service_user and not _account(args.service_user):
        print(_say("no_service_user", lang, user=args.service_user), file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True, mode=0o700)
    out.chmod(0o700)                            # the hub's database and secret will be here
    from ..engine.files import write_atomically

    for path, text in files.items():
        compile(text, str(path), "exec")        # never a file the hub cannot read
        write_atomically(path, text, 0o600)     # the hub's own file, for root (it may hold the try-out's password)
    for path, text in environment.items():      # every user's server reads these
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text, 0o644)
    print(_say("written", lang, files=", ".join(str(p) for p in [*files, *environment]), folder=out,
               jupyterhub=env / "bin" / "jupyterhub"))
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
