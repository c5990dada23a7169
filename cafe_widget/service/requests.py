"""What every request to the game service goes through (:mod:`.app`'s tables, :mod:`.live`'s
class progress): its body bounded before a byte of it is read (:data:`.bodies.MAX_BODY`), its
person identified from the hub's token, its answer JSON in the caller's ``?lang=``."""

from __future__ import annotations

import json

from tornado import web

from ..i18n import N_, say
from .bodies import MAX_BODY, read_body
from .rooms import Refused, refused

WORDS = {
    "too_big": N_("A request to the game service holds at most {n} bytes; this one is larger: nothing changed."),
}


def _refused(key: str, lang: str | None, status: int, **facts) -> Refused:
    """A refusal with one of this module's sentences, in ``lang``."""
    return Refused(say(WORDS[key], lang, **facts), status)


def _read_json(raw: bytes, lang: str | None):
    """A request's body as JSON: at most :data:`MAX_BODY` bytes (else refused 413), then read by
    :func:`.bodies.read_body` (nesting bounded before parsing, else refused 400)."""
    if len(raw) > MAX_BODY:
        raise _refused("too_big", lang, 413, n=MAX_BODY)
    return read_body(raw, lang)


def _lang(handler: web.RequestHandler) -> str | None:
    lang = handler.get_query_argument("lang", None)
    return lang if lang in ("en", "fr", "de") else None


def _answer(handler: web.RequestHandler, data, status: int) -> None:
    handler.set_status(status)
    handler.set_header("Content-Type", "application/json; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(json.dumps(data))


def _refused_by_length(handler: web.RequestHandler) -> bool:
    """True when the body announced is larger than :data:`MAX_BODY`: answered 413 before a byte
    of it is read. Else this connection reads at most :data:`MAX_BODY` bytes of it (a chunked
    body beyond: tornado answers 400 and closes), however the app is served."""
    try:
        too_big = int(handler.request.headers.get("Content-Length", "0")) > MAX_BODY
    except ValueError:
        too_big = False      # not a number: tornado refuses it itself
    if too_big:
        _answer(handler, {"refused": _refused("too_big", _lang(handler), 413, n=MAX_BODY).sentence}, 413)
        return True
    if hasattr(handler.request.connection, "set_max_body_size"):
        handler.request.connection.set_max_body_size(MAX_BODY)
    return False



@web.stream_request_body
class Base(web.RequestHandler):
    """A request: its body streamed in (bounded, :data:`MAX_BODY`), its person identified
    before a byte of the body is read."""

    service: object          # the running service (service/app.py's Service)

    def initialize(self, service) -> None:
        self.service = service
        self._chunks: list[bytes] = []

    def check_xsrf_cookie(self) -> None:
        """Token requests from kernels, never cookies: nothing for XSRF to protect."""

    async def prepare(self) -> None:
        if _refused_by_length(self):
            return
        self.person = await self.service.identify(self)
        if self.person is None:
            self.answer({"refused": refused("no_token", self.lang(), 403).sentence}, 403)

    def data_received(self, chunk: bytes) -> None:
        self._chunks.append(chunk)      # at most MAX_BODY in all: the connection reads no more

    def lang(self) -> str | None:
        return _lang(self)

    def body(self) -> dict:
        data = _read_json(b"".join(self._chunks) or b"{}", self.lang())
        if not isinstance(data, dict):
            raise refused("not_json", self.lang(), 400)
        return data

    def answer(self, data, status: int = 200) -> None:
        _answer(self, data, status)

    def refused(self, err: Refused) -> None:
        self.answer({"refused": err.sentence, "rule": err.rule}, err.status)
