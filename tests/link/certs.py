"""A throw-away certificate authority and a broker certificate for 127.0.0.1 (openssl CLI)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class TestCa:
    ca: Path
    cert: Path
    key: Path


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_ca(folder: Path, name: str = "ca") -> TestCa:
    """A CA, and a server certificate it signed for 127.0.0.1 (IP SAN: paho checks it)."""
    folder.mkdir(parents=True, exist_ok=True)
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-subj", f"/CN=cullsboard test {name}", "-keyout", f"{name}.key",
             "-out", f"{name}.pem", cwd=folder)  # fmt: skip
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
             "-keyout", "server.key", "-out", "server.csr", cwd=folder)  # fmt: skip
    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n", encoding="utf-8")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", f"{name}.pem", "-CAkey", f"{name}.key",
             "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.pem",
             cwd=folder)  # fmt: skip
    return TestCa(folder / f"{name}.pem", folder / "server.pem", folder / "server.key")
