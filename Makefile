# Quick start: `make lab` (JupyterLab on the first notebook) and `make test` (everything).
# Both create .venv and install into it; re-running is quick when pyproject.toml is unchanged.

PYTHON ?= python3
# Python writes the bytecode of what it imports (an environment may say not to): the suite starts
# a hundred kernels and servers that import the package, each would compile it again.
unexport PYTHONDONTWRITEBYTECODE
VENV   := .venv
PY     := $(VENV)/bin/python
FIRST  := notebooks/01_the_cafe.ipynb

.PHONY: lab test check bench install clean notebooks lite site site-serve fuzz differential expert translations hub hub-clean help wheel binder-lock

# rfc3987-syntax comes with jupyter-events (jsonschema[format-nongpl]) for jsonschema's optional
# check of the "iri" format, which nothing here uses, and builds a grammar each time it is imported:
# 1.5 s of CPU at the start of every Jupyter server, pytest worker and nbgrader command. It is
# taken out again after each install; jsonschema does without it (docs/JUPYTER.md).
SLOW_IMPORTS := rfc3987-syntax

$(VENV)/.installed-test: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,lite,site]'
	$(PY) -m pip uninstall -qq --yes $(SLOW_IMPORTS)
	touch $@

$(VENV)/.installed-lab: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[lab]'
	$(PY) -m pip uninstall -qq --yes $(SLOW_IMPORTS)
	touch $@

install: $(VENV)/.installed-test

# Unit, property and browser tests, and nbval over every notebook (only the cells marked
# NBVAL_CHECK_OUTPUT are compared; every cell must run, twice). In parallel, two workers a core (at
# most 8): part of the suite's time is spent waiting on servers, kernels and browsers, which the
# second worker fills (on 2 cores, 2026-11-29: 3 min 44 s to 4 min 14 s with 4 workers and the
# accessibility tests, 3 min 28 s to 3 min 52 s before them; 4 min 35 s
# with 3 before the last savings; 5 min 33 s to 5 min 43 s on 2026-11-30, the same work on a machine
# running 1.6 to 2 times slower: docs/manual/contributing.md). A file's tests (a notebook's cells) stay on one worker; the
# browser files that share one JupyterLab go to one worker together (tests/conftest.py). The
# package is compiled once first, not by each of the kernels that start together.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); w=$$((n * 2)); [ $$w -gt 8 ] && w=8; echo $$w)
test: $(VENV)/.installed-test
	$(PY) -m compileall -q cafe_widget tests
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --nbval-lax --nbval-current-env --nbval-cell-timeout=120 tests notebooks

# The quick loop while editing: lint (pyflakes' errors), then the unit and property tests, the
# widgets driven from Python and the catalogs' checks: no browser, no notebooks, no nbgrader round
# trip (make test runs all). About a minute on 2 cores (1 min 9 s on 2026-11-29).
check: $(VENV)/.installed-test
	$(VENV)/bin/ruff check --quiet cafe_widget tests tools benchmarks
	$(PY) -m pytest -q -n auto --dist loadfile --no-loadscope-reorder -p no:nbval -m "not browser and not binder and not kernels and not hub" tests --ignore=tests/course/test_lite.py

# The widgets driven as a class of students would (clicks anywhere, typed lines, loads of saves),
# seeded, invariants checked after every step: 3000 steps of each kind (--seed, --kinds, --keep-going).
fuzz: $(VENV)/.installed-test
	$(PY) tests/widget/widget_fuzz.py --steps 3000

# The simulation core against the engine, long: 200 seeded games of each kind of check, 400 of
# the expert's playouts and 1 000 of the batch's, turn by turn (make test plays a few of them;
# tests/players/test_sim.py, test_expert.py and test_batch.py).
differential: $(VENV)/.installed-test
	CAFE_SIM_GAMES=200 $(PY) -m pytest -q -n $(TEST_WORKERS) -p no:randomly tests/players/test_sim.py \
		tests/players/test_expert.py tests/players/test_batch.py

# The expert against strong and greedy, 2 to 4 players, 400 games or more each, on seeds kept
# aside for it (benchmarks/tournament.py --expert): the win rates, the aims, the time a turn.
expert: $(VENV)/.installed-test
	$(PY) benchmarks/tournament.py --expert --jobs $$(nproc 2>/dev/null || echo 2)

# The server-less site: JupyterLite with the package and the notebooks, in _site/.
lite: $(VENV)/.installed-test
	$(PY) tools/build_lite.py

# The course as a website, in _build/site/: every notebook executed (cached in _build/site-cache),
# English at the root, French in fr/, the rules cards, the guides, and the JupyterLite site in
# lite/; a launch button to Binder and to Lite on each lesson. SITE_REPOSITORY: the GitHub
# repository the launch buttons open (the one place it is set). Look at it: make site-serve.
SITE_REPOSITORY ?= OWNER/cafe_widget
site: $(VENV)/.installed-test
	$(PY) tools/build_site.py --repository $(SITE_REPOSITORY) --axe

site-serve:
	$(PY) -m http.server --directory _build/site --bind 127.0.0.1 8001

# After editing a notebook or the engine: run the notebooks, keep only the check cells' output.
notebooks: $(VENV)/.installed-test
	$(PY) tools/refresh_notebooks.py

# The catalogs (cafe_widget/locale): extract every marked sentence into the template, update each
# language's .po from it, compile the .mo the package reads. Changes nothing when up to date.
translations: $(VENV)/.installed-test
	$(PY) tools/translations.py

# JupyterLab refuses to run as root unless told; only root gets --allow-root. LAB_OPTIONS are
# passed on to JupyterLab as they are, for example: make lab LAB_OPTIONS="--port 8890".
# This lab is one person's (and a Table on its projector, the teacher's guide, chapter 8); a class
# of laptops plays one table on the class's JupyterHub (make hub below; the guide, chapter 9).
LAB_OPTIONS ?=
lab: $(VENV)/.installed-lab
	$(VENV)/bin/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) $(LAB_OPTIONS) $(if $(wildcard $(FIRST)),$(FIRST),.)

# A class's JupyterHub on this machine, to try as a class would (the teacher's guide, chapter 9):
# as root, the hub's environment in /opt/cafe-hub (from Debian's Python: every student reads it;
# tools/hub_env.py needs no .venv), configurable-http-proxy from npm, users of its own (HUB_TEACHER,
# HUB_USERS: named cafe-… so that they never clash with real accounts; no password: the try-out's
# hub lets them in with HUB_PASSWORD), the configuration in .hub/ (hub-config), nbgrader's exchange,
# then the hub on http://127.0.0.1:8000 (Ctrl-C stops it). Another class: make hub HUB_USERS="ana ben".
# make hub-clean removes what make hub made (its users, the exchange if it made it, /opt/cafe-hub, .hub).
HUB_TEACHER  ?= cafe-teacher
HUB_USERS    ?= cafe-alice cafe-bob cafe-carol
HUB_PASSWORD ?= cafe-class
hub:
	$(PYTHON) tools/hub_env.py env
	$(PYTHON) tools/hub_env.py users $(HUB_TEACHER) $(HUB_USERS)
	$(PYTHON) tools/hub_env.py exchange
	/opt/cafe-hub/venv/bin/python -m cafe_widget.classroom hub-config .hub --force --env /opt/cafe-hub/venv \
		--data $(CURDIR)/.hub/tables --teachers $(HUB_TEACHER) --students $(HUB_USERS) --ip 127.0.0.1 \
		--authenticator shared --password $(HUB_PASSWORD) --proxy /opt/cafe-hub/node/node_modules/.bin/configurable-http-proxy
	cd .hub && env -u PYTHONDONTWRITEBYTECODE PATH=/opt/cafe-hub/venv/bin:/usr/local/bin:/usr/bin:/bin \
		/opt/cafe-hub/venv/bin/jupyterhub -f jupyterhub_config.py

hub-clean:
	$(PYTHON) tools/hub_env.py clean $(HUB_TEACHER) $(HUB_USERS)
	rm -rf .hub

# The package as one file, to install on a school's server (the teacher's guide, chapter 6):
# dist/cafe_widget-VERSION-py3-none-any.whl, built from this copy (pip fetches setuptools to build it).
wheel:
	rm -f dist/cafe_widget-*.whl
	$(PYTHON) -m pip wheel . --no-deps --quiet -w dist
	@ls dist/cafe_widget-*.whl

# Binder's environment, locked (binder/requirements.txt): every package at one exact version, from the
# ranges of binder/requirements.in, resolved with uv for binder/runtime.txt's Python; it keeps the
# versions already locked where they still fit (make binder-lock UPGRADE=1 takes the newest of all).
binder-lock: $(VENV)/.installed-test
	$(PY) tools/binder_lock.py $(if $(UPGRADE),--upgrade)

# What each target does, in one line each.
help:
	@echo "make lab         JupyterLab on the first notebook (creates .venv)"
	@echo "make test        everything: unit, property, notebooks (nbval), browser, hub tests"
	@echo "make check       the quick loop: lint and the tests without browser, notebooks or hub"
	@echo "make fuzz        the widgets driven as a class would, 3000 steps of each kind"
	@echo "make differential  the simulation core and the batch against the engine, 200 games of each check"
	@echo "make expert      the expert's tournament on deals kept aside (about 25 minutes on 2 cores)"
	@echo "make notebooks   run the notebooks, keep only the check cells' output"
	@echo "make translations  extract, update and compile the catalogs (EN, FR, DE)"
	@echo "make lite        the server-less JupyterLite site in _site/"
	@echo "make site        the course as a website in _build/site/ (make site-serve shows it)"
	@echo "make hub         a class's JupyterHub on this machine, to try (as root; make hub-clean undoes it)"
	@echo "make wheel       the package as one file, dist/cafe_widget-VERSION-py3-none-any.whl, for a server"
	@echo "make binder-lock  lock Binder's environment: binder/requirements.txt from binder/requirements.in"
	@echo "make bench       the benchmarks' figures"
	@echo "make install    create .venv and install the package with its test tools (make test does it too)"
	@echo "make clean       remove .venv and what the builds made"

bench: $(VENV)/.installed-test
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/search.py
	$(PY) benchmarks/board.py
	$(PY) benchmarks/board_tournament.py --quick
	$(PY) benchmarks/practice.py
	$(PY) benchmarks/widget.py --browser
	$(PY) benchmarks/class_live.py --seconds 20
	$(PY) benchmarks/sim.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info .hub _build _site .lite-build dist test-artifacts
