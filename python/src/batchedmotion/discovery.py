"""Expanding path arguments into single recordings, by the same rules as ``swing-metrics analyze``.

The Dask runner needs one path per recording (to shard them and to give each its own row even when the tool
crashes), so it expands directories and glob patterns here rather than in the tool. The rules mirror the tool's:
arguments in order; a directory holding a recording's marker files is one recording; any other directory is searched
recursively in sorted order, skipping hidden entries, taking files with a recording extension except ground truth,
metadata, text without rows of numbers (``notes.txt``: `is_non_recording_text`) and zip archives without a
recording's files (a zip of photos, a numpy archive of other arrays: `is_non_recording_archive`); a path that does not
exist is a glob pattern (sorted matches); duplicates are dropped.
"""

from __future__ import annotations

import glob
import os
import re
import zipfile
from collections.abc import Iterable

from .errors import BatchedMotionError

#: File extensions that may hold a recording when found while searching a directory (lower case).
RECORDING_EXTENSIONS = {"csv", "npz", "zip", "txt"}
#: File names that make a directory a recording of its own (interchange layout, Sensor Logger export).
RECORDING_DIRECTORY_MARKERS = {"accelerometer.csv", "device_motion.csv", "WristMotion.csv", "Metadata.csv",
                               "Accelerometer.csv", "WatchAccelerometerUncalibrated.csv"}
#: Files never taken for recordings while searching (ground truth and metadata).
IGNORED_FILE_NAMES = {"truth.json", "metadata.json", "README.md"}


#: Bytes of a text file's start looked at by `is_non_recording_text`.
HEAD_LENGTH = 65536
_LINE_BREAKS = re.compile("[\n\r\v\f\x85\u2028\u2029]")


def _starts_like_number(field: str) -> bool:
    rest = field[1:] if field[:1] in "+-" and field else field
    rest = rest[1:] if rest[:1] == "." else rest
    return rest[:1].isascii() and rest[:1].isdigit()


def holds_number_row(line: str) -> bool:
    """Whether ``line`` has, for one of the separators ``,`` ``;`` tab or space, three fields that start like numbers."""
    for separator in (",", ";", "\t", " "):
        fields = [field.strip(" \t") for field in line.split(separator) if field != ""]
        if sum(_starts_like_number(field) for field in fields) >= 3:
            return True
    return False


def is_non_recording_text(path: str) -> bool:
    """True for a text file in which no line holds three numbers (notes, a README): the tool skips it while searching
    a directory (``skipped: not a recording``). An empty, binary, non-UTF-8 or unreadable file is not such a file."""
    try:
        with open(path, "rb") as file:
            head = file.read(HEAD_LENGTH)
    except OSError:
        return False
    if not head or b"\0" in head:
        return False
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return False
    lines = [line.strip(" \t") for line in _LINE_BREAKS.split(text)]
    lines = [line for line in lines if line]
    return bool(lines) and not any(holds_number_row(line) for line in lines)


#: Arrays of which a native ``.npz`` holds at least one.
RECORDING_ARRAYS = {"accelerometer_timestamp", "device_motion_timestamp"}
#: Sensor Logger export files (any one makes an archive a possible recording).
SENSOR_LOGGER_FILES = RECORDING_DIRECTORY_MARKERS - {"accelerometer.csv", "device_motion.csv"}


def is_non_recording_archive(path: str) -> bool:
    """True for a readable zip archive that holds no recording's files: no ``accelerometer_timestamp`` or
    ``device_motion_timestamp`` array, no Sensor Logger file and no ``.csv``/``.txt`` member (a zip of photos, a numpy
    archive of other arrays): the tool skips it while searching a directory. A damaged archive is not such a file."""
    try:
        with open(path, "rb") as file:
            if file.read(4) not in (b"PK\3\4", b"PK\5\6"):
                return False
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return False
    files = [name for name in names if not name.endswith("/") and not name.startswith("__MACOSX/")]
    base_names = [name.rsplit("/", 1)[-1] for name in files]
    if any(name in SENSOR_LOGGER_FILES for name in base_names):
        return False
    if any(name.lower().endswith((".csv", ".txt")) for name in base_names):
        return False
    arrays = [name[:-4] for name in base_names if name.endswith(".npy")]
    return not any(array in RECORDING_ARRAYS for array in arrays)


def is_recording_directory(directory: str) -> bool:
    """True when ``directory`` directly holds the files of one recording."""
    try:
        return any(name in RECORDING_DIRECTORY_MARKERS for name in os.listdir(directory))
    except OSError:
        return False


def _search(directory: str) -> list[str]:
    if is_recording_directory(directory):
        return [directory]
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return []
    found = []
    for name in names:
        if name.startswith("."):
            continue
        path = os.path.join(directory, name)
        if os.path.isdir(path):
            found += _search(path)
        elif os.path.lexists(path):
            extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
            if extension in RECORDING_EXTENSIONS and name not in IGNORED_FILE_NAMES:
                if extension in ("csv", "txt") and os.path.isfile(path) and is_non_recording_text(path):
                    continue
                if extension in ("zip", "npz") and os.path.isfile(path) and is_non_recording_archive(path):
                    continue
                found.append(path)
    return found


def discover(paths: Iterable[str | os.PathLike[str]], *, absolute: bool = True) -> list[str]:
    """The recordings named by ``paths`` (files, recording directories, directories to search, glob patterns), in
    the tool's order and without duplicates; absolute paths unless ``absolute=False``.

    Raises `BatchedMotionError` for an argument that is neither an existing path nor a pattern matching anything
    (the tool's usage error).
    """
    seen: set[str] = set()
    result: list[str] = []

    def add(path: str) -> None:
        key = os.path.normpath(os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            result.append(key if absolute else path)

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    for argument in map(os.fspath, paths):
        if os.path.lexists(argument):
            for path in (_search(argument) if os.path.isdir(argument) else [argument]):
                add(path)
            continue
        matches = sorted(glob.glob(argument))
        if not matches:
            raise BatchedMotionError(f"{argument}: no such file or directory, and no file matches it as a pattern")
        for match in matches:
            for path in (_search(match) if os.path.isdir(match) else [match]):
                add(path)
    return result
