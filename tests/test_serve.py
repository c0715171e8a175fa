"""`build.py serve` answers like a production host: content encoding and cache headers."""

from __future__ import annotations

import gzip
import threading
import urllib.request
from collections.abc import Iterator
from email.utils import formatdate
from pathlib import Path

import pytest

import build

TEXT = "const paddock = 1;\n" * 400


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    """A tiny dist/ with one file precompressed (as `precompress` leaves it) and one not."""
    (tmp_path / "app.js").write_text(TEXT)
    (tmp_path / "app.js.br").write_bytes(b"pretend-brotli")  # served as it is
    (tmp_path / "app.js.gz").write_bytes(gzip.compress(TEXT.encode()))
    (tmp_path / "plain.txt").write_text("no copies")
    server = build.make_server(0, directory=tmp_path)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return (
                response.status,
                {k.lower(): v for k, v in response.headers.items()},
                response.read(),
            )
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, b""


def test_brotli_is_preferred_when_the_client_takes_it(site: str) -> None:
    status, headers, body = get(site + "app.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["content-encoding"] == "br"
    assert body == b"pretend-brotli" and headers["content-length"] == str(len(body))
    assert headers["content-type"].startswith("text/javascript")
    assert headers["vary"] == "Accept-Encoding"


def test_gzip_when_brotli_is_not_offered_or_refused(site: str) -> None:
    for offer in ("gzip", "br;q=0, gzip"):
        status, headers, body = get(site + "app.js", **{"Accept-Encoding": offer})
        assert headers["content-encoding"] == "gzip"
        assert gzip.decompress(body).decode() == TEXT


def test_identity_without_accept_encoding_and_for_files_without_copies(site: str) -> None:
    status, headers, body = get(site + "app.js")
    assert "content-encoding" not in headers and body.decode() == TEXT
    assert headers["vary"] == "Accept-Encoding"
    status, headers, body = get(site + "plain.txt", **{"Accept-Encoding": "br"})
    assert "content-encoding" not in headers and body == b"no copies"


def test_unchanged_files_are_not_sent_again(site: str) -> None:
    later = formatdate(usegmt=True)
    status, headers, body = get(
        site + "app.js", **{"Accept-Encoding": "br", "If-Modified-Since": later}
    )
    assert status == 304 and body == b""


def test_missing_files_are_404(site: str) -> None:
    status, _, _ = get(site + "nothing.js", **{"Accept-Encoding": "br"})
    assert status == 404
