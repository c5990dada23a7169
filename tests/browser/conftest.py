"""One JupyterLab and one Chromium for the browser tests that need nothing else of their own (the
widget, the course's notebooks, the board game, Voilà's play view, which its server serves as
Binder's does): started for the first of them, each file adding its notebooks to it, stopped
after the last. Starting them costs about 12 s of CPU (the server
3.5 s, Chromium 1 s, JupyterLab's first page 7 s), where opening one more notebook in the page
costs 1 s; under ``make test`` those files go to one worker together (``SHARED_LAB`` in
tests/conftest.py), so that it is paid once, not four times."""

from __future__ import annotations

import pytest

from harness import Lab, require_browser


class SharedLab:
    """The Lab of every test that asks for ``shared_lab``, started when first asked for."""

    lab: Lab | None = None

    def get(self) -> Lab:
        require_browser()
        if self.lab is None:
            lab = Lab()
            lab.start()
            self.lab = lab
        return self.lab

    def stop(self) -> None:
        if self.lab is not None:
            self.lab, lab = None, self.lab
            lab.stop()


_SHARED = SharedLab()


@pytest.fixture(scope="session")
def shared_lab() -> SharedLab:
    """The browser tests' JupyterLab: ``shared_lab.get()``."""
    return _SHARED


def pytest_runtest_teardown(item, nextitem):
    """The shared Lab is stopped once the next test does not use it (or there is none): its
    Chromium's driver keeps an event loop running in the thread, in which the ``asyncio.run()`` of
    a later test would fail, and its server and browser would hold a core's memory for nothing."""
    if nextitem is None or "shared_lab" not in nextitem.fixturenames:
        _SHARED.stop()
