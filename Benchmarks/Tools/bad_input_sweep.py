#!/usr/bin/env python3
"""Bad-input sweep of the swing-metrics CLI: writes damaged variants of every input format, derived from the bundled
recording Datasets/sample, and runs each through the commands that read recordings, printing one line per
variant × command: exit status, issue kinds, swing count, and the first line of standard error.

What a user feeds the tool: truncated files, NaN/Inf/empty cells, duplicated and backwards timestamps, gaps, m/s²
instead of g, deg/s instead of rad/s, spreadsheet-mangled columns and times, the wrong app's CSV, binary data, and
so on. Each should give a correct result, a reported repair (an issue), or a clear error naming file, line and
problem. The regression tests for what this sweep found live in the Swift suites (they build their inputs in a
temporary directory); this script is for looking at the whole picture.

Usage: bad_input_sweep.py [--binary .build/debug/swing-metrics] [--out /tmp/bad-inputs] [--filter TEXT]
       [--commands analyze-json,workout,...]
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "Datasets", "sample")
ACC_HEADER = "timestamp,acceleration_x,acceleration_y,acceleration_z"
GYRO_HEADER = "timestamp,rotation_rate_x,rotation_rate_y,rotation_rate_z"
EPOCH_NS = 1_777_991_856_000_000_000
G = 9.80665


def rows(name):
    with open(os.path.join(SAMPLE, name)) as f:
        lines = f.read().splitlines()
    return lines[0], [line.split(",") for line in lines[1:]]


ACC_H, ACC = rows("accelerometer.csv")
DM_H, DM = rows("device_motion.csv")
T0 = float(ACC[0][0])


def text(header, table):
    return header + "\n" + "".join(",".join(r) + "\n" for r in table)


def spreadsheet_save(content, layout):
    """`content` (plain CSV, no field holding a comma) as a spreadsheet saves it again: "semicolon" (decimal commas in
    numbers, as in a locale that writes them), "tab" (TSV), "quote-all" (csv.QUOTE_ALL) or "quote-text" (the rows'
    text fields only)."""
    def number(x):
        try:
            float(x)
            return True
        except ValueError:
            return False
    out = []
    for i, line in enumerate(content.split("\n")):
        if not line:
            out.append(line)
            continue
        f = line.split(",")
        if layout == "semicolon":
            out.append(";".join(x.replace(".", ",") if number(x) else x for x in f))
        elif layout == "tab":
            out.append("\t".join(f))
        elif layout == "quote-all":
            out.append(",".join(f'"{x}"' for x in f))
        else:
            out.append(",".join(x if i == 0 or not x or number(x) else f'"{x}"' for x in f))
    return "\n".join(out)


def write(path, content, mode="w", encoding="utf-8"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(content, bytes):
        with open(path, "wb") as f:
            f.write(content)
    else:
        with open(path, mode, encoding=encoding, newline="") as f:
            f.write(content)


def interchange(path, acc=None, dm=None, acc_text=None, dm_text=None, gyro=None, extra=None):
    os.makedirs(path, exist_ok=True)
    write(os.path.join(path, "accelerometer.csv"), acc_text if acc_text is not None else text(ACC_H, acc or ACC))
    if dm is not False:
        write(os.path.join(path, "device_motion.csv"), dm_text if dm_text is not None else text(DM_H, dm or DM))
    if gyro is not None:
        write(os.path.join(path, "gyroscope.csv"), gyro)
    for name, content in (extra or {}).items():
        write(os.path.join(path, name), content)


def gyro_rows(scale=1.0):
    return [[r[0]] + [repr(float(v) * scale) for v in r[11:14]] for r in DM]


def scaled(table, columns, factor):
    return [[repr(float(v) * factor) if i in columns else v for i, v in enumerate(r)] for r in table]


def times(table, f):
    return [[f(float(r[0]))] + r[1:] for r in table]


# ---- Sensor Logger (watch and phone) from the sample --------------------------------------------------------------

def ns(t):
    return EPOCH_NS + round((t - T0) * 1e9)


def sensor_logger_watch(path, mangle=None, zip_path=None):
    wrist = ["time,seconds_elapsed,rotationRateX,rotationRateY,rotationRateZ,gravityX,gravityY,gravityZ,"
             "accelerationX,accelerationY,accelerationZ,quaternionW,quaternionX,quaternionY,quaternionZ,pitch,roll,yaw"]
    for r in DM:
        t = float(r[0])
        wrist.append(",".join([str(ns(t)), repr(t - T0)] + r[11:14] + r[5:8] + r[8:11] + r[1:5] + ["0", "0", "0"]))
    acc = ["time,seconds_elapsed,x,y,z"] + [",".join([str(ns(float(r[0]))), repr(float(r[0]) - T0)] + r[1:4]) for r in ACC]
    files = {
        "WristMotion.csv": "\n".join(wrist) + "\n",
        "WatchAccelerometerUncalibrated.csv": "\n".join(acc) + "\n",
        "Metadata.csv": "version,device name,recording epoch time,platform,appVersion,sensors,sampleRateMs,standardisation\n"
                        f'3,"Apple Watch Series 9",{EPOCH_NS // 1_000_000},ios,1.50.0,"WristMotion|WatchAccelerometerUncalibrated",10,false\n',
    }
    if mangle:
        files = mangle(files)
    if zip_path:
        os.makedirs(os.path.dirname(zip_path), exist_ok=True)
        with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, content in files.items():
                z.writestr(name, content)
    else:
        for name, content in files.items():
            write(os.path.join(path, name), content)


def sensor_logger_phone(path, mangle=None):
    def stream(columns):
        out = ["time,seconds_elapsed,z,y,x"]
        for r in DM:
            t = float(r[0])
            x, y, z = (r[c] for c in columns)
            out.append(",".join([str(ns(t)), repr(t - T0), z, y, x]))
        return "\n".join(out) + "\n"
    acc = ["time,seconds_elapsed,z,y,x"] + [
        ",".join([str(ns(float(r[0]))), repr(float(r[0]) - T0), r[3], r[2], r[1]]) for r in ACC]
    files = {
        "AccelerometerUncalibrated.csv": "\n".join(acc) + "\n",
        "Gravity.csv": stream((5, 6, 7)),
        "Gyroscope.csv": stream((11, 12, 13)),
        "Metadata.csv": "version,device name,recording epoch time,platform,appVersion,sensors,sampleRateMs,standardisation\n"
                        f'3,"iPhone 15",{EPOCH_NS // 1_000_000},ios,1.50.0,"AccelerometerUncalibrated|Gravity|Gyroscope",10,false\n',
    }
    if mangle:
        files = mangle(files)
    for name, content in files.items():
        write(os.path.join(path, name), content)


# ---- SensorLog wide CSV ------------------------------------------------------------------------------------------

SENSORLOG_HEADER = ("loggingTime(txt),accelerometerTimestamp_sinceReboot(s),accelerometerAccelerationX(G),"
                    "accelerometerAccelerationY(G),accelerometerAccelerationZ(G),motionTimestamp_sinceReboot(s),"
                    "motionRotationRateX(rad/s),motionRotationRateY(rad/s),motionRotationRateZ(rad/s),"
                    "motionUserAccelerationX(G),motionUserAccelerationY(G),motionUserAccelerationZ(G),"
                    "motionQuaternionX(R),motionQuaternionY(R),motionQuaternionZ(R),motionQuaternionW(R),"
                    "motionGravityX(G),motionGravityY(G),motionGravityZ(G)")


def with_latest_motion():
    """Each accelerometer row with the device-motion row current at its time (a logger writing one row per tick)."""
    j = 0
    for r in ACC:
        while j + 1 < len(DM) and float(DM[j + 1][0]) <= float(r[0]):
            j += 1
        yield r, DM[j]


def sensorlog_rows():
    return [["2026-05-05T16:37:36.734+02:00"] + r[0:4] + [m[0]] + m[11:14] + m[8:11] + [m[2], m[3], m[4], m[1]] + m[5:8]
            for r, m in with_latest_motion()]


# ---- generic column-mapped CSV ------------------------------------------------------------------------------------

def generic_rows():
    out = []
    for r, m in with_latest_motion():
        ms = round((float(r[0]) - T0) * 1000, 3)
        # specific force (+1 g up), m/s², deg/s: a typical logger
        a = [repr(-float(v) * G) for v in r[1:4]]
        w = [repr(math.degrees(float(v))) for v in m[11:14]]
        out.append([repr(ms)] + a + w)
    return out


def generate(out):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    v = {}  # name -> (path, extra args)

    def add(name, path=None, args=()):
        v[name] = (path or os.path.join(out, name), list(args))
        return v[name][0]

    acc_text = text(ACC_H, ACC)
    # interchange
    interchange(add("ic-clean"))
    cut = acc_text[: len(acc_text) // 2]
    cut = cut[: cut.rfind("\n") + 12]
    interchange(add("ic-truncated-midline"), acc_text=cut)
    cut2 = acc_text[: len(acc_text) // 2]
    cut2 = cut2[: cut2.rfind("\n") + 1] + ACC[len(ACC) // 2][0][:3]
    interchange(add("ic-truncated-midnumber"), acc_text=cut2)
    interchange(add("ic-no-final-newline"), acc_text=acc_text.rstrip("\n"))
    # The last 8 KiB zero bytes (blocks never written: a crash or power loss while recording).
    interchange(add("ic-zero-filled-end"), acc_text=acc_text[:-8192] + "\0" * 8192)
    # Two exports joined end to end (`cat a.csv b.csv`): the second header inside the data.
    half = text(ACC_H, ACC[: len(ACC) // 2])
    interchange(add("ic-joined"), acc_text=half + text(ACC_H, ACC[len(ACC) // 2 :]))
    interchange(add("ic-empty-acc"), acc_text="")
    interchange(add("ic-header-only"), acc_text=ACC_H + "\n")
    interchange(add("ic-both-header-only"), acc_text=ACC_H + "\n", dm_text=DM_H + "\n")
    interchange(add("ic-bom"), acc_text="\ufeff" + acc_text)
    interchange(add("ic-crlf"), acc_text=acc_text.replace("\n", "\r\n"))
    d = add("ic-utf16")
    interchange(d)
    write(os.path.join(d, "accelerometer.csv"), acc_text.encode("utf-16"))
    nan = [list(r) for r in ACC]
    for i in range(100, len(nan), 5000):
        nan[i][2] = "NaN"
    nan[200][1] = "inf"
    nan[300][3] = ""
    nan[400][1] = "nan"
    interchange(add("ic-nan-inf-empty"), acc=nan)
    interchange(add("ic-sci-times"), acc=times(ACC, lambda t: f"{t:.2E}"))
    interchange(add("ic-comma-decimal"), acc_text=(ACC_H.replace(",", ";") + "\n" +
                                                   "".join(";".join(x.replace(".", ",") for x in r) + "\n" for r in ACC)))
    interchange(add("ic-extra-column"), acc_text=ACC_H + ",temperature\n" + "".join(",".join(r + ["25.0"]) + "\n" for r in ACC))
    interchange(add("ic-reordered"), acc_text="timestamp,acceleration_z,acceleration_y,acceleration_x\n" +
                "".join(",".join([r[0], r[3], r[2], r[1]]) + "\n" for r in ACC))
    interchange(add("ic-pandas-index"), acc_text="," + ACC_H + "\n" + "".join(f"{i}," + ",".join(r) + "\n" for i, r in enumerate(ACC)),
                dm_text="Unnamed: 0," + DM_H + "\n" + "".join(f"{i}," + ",".join(r) + "\n" for i, r in enumerate(DM)))
    interchange(add("ic-quoted"), acc_text=",".join(f'"{h}"' for h in ACC_H.split(",")) + "\n" +
                "".join(",".join(f'"{x}"' for x in r) + "\n" for r in ACC))
    interchange(add("ic-tab"), acc_text=spreadsheet_save(acc_text, "tab"), dm_text=spreadsheet_save(text(DM_H, DM), "tab"))
    interchange(add("ic-semicolon-both"), acc_text=spreadsheet_save(acc_text, "semicolon"),
                dm_text=spreadsheet_save(text(DM_H, DM), "semicolon"))
    interchange(add("ic-quoted-crlf-bom"), acc_text="\ufeff" + spreadsheet_save(acc_text, "quote-all").replace("\n", "\r\n"))
    bad_quoted = [list(r) for r in ACC]
    bad_quoted[50][2] = "n/a"
    interchange(add("ic-quoted-not-a-number"), acc_text=spreadsheet_save(text(ACC_H, bad_quoted), "quote-all"))
    # quotes first found after the 64 KiB head the layout is looked for in
    late = acc_text.split("\n")
    late = late[:2000] + [",".join(f'"{x}"' for x in line.split(",")) if line else line for line in late[2000:]]
    interchange(add("ic-quotes-after-64k"), acc_text="\n".join(late))
    # thousands separators in the time column: quoted in a comma file, points or (narrow) no-break spaces with
    # decimal commas in a semicolon file
    def grouped(t, group, decimal):
        whole, frac = t.split(".")
        return whole[:-3] + group + whole[-3:] + decimal + frac
    interchange(add("ic-thousands-quoted"), acc=[[f'"{grouped(r[0], ",", ".")}"'] + r[1:] for r in ACC])
    for name, group in (("point", "."), ("nbsp", "\u00a0"), ("narrow-nbsp", "\u202f")):
        interchange(add(f"ic-thousands-semicolon-{name}"), acc_text=ACC_H.replace(",", ";") + "\n" + "".join(
            ";".join([grouped(r[0], group, ",")] + [x.replace(".", ",") for x in r[1:]]) + "\n" for r in ACC))
    # a text column holding commas in a semicolon save (plain CSV without quotes cannot hold them)
    interchange(add("ic-semicolon-comma-in-text"), acc_text=ACC_H.replace(",", ";") + ";note\n" + "".join(
        ";".join([x.replace(".", ",") for x in r] + ["left, then right" if i % 1000 == 7 else "steady"]) + "\n"
        for i, r in enumerate(ACC)))
    # times rounded by a spreadsheet's display: epoch ms in scientific notation, two decimals of seconds
    interchange(add("ic-sci-epoch-ms-times"), acc=times(ACC, lambda t: f"{(t - T0 + 1_700_040_000) * 1000:.5E}"))
    interchange(add("ic-times-2-decimals"), acc=times(ACC, lambda t: f"{t:.2f}"), dm=times(DM, lambda t: f"{t:.2f}"))
    # header names as spreadsheets and scripts decorate them: case, blanks, quotes, a BOM, unit suffixes
    interchange(add("ic-header-case"), acc_text="Timestamp,Acceleration_X, ACCELERATION_Y ,acceleration_Z\n" +
                "".join(",".join(r) + "\n" for r in ACC))
    interchange(add("ic-header-bom-quoted"), acc_text="\ufeff" + ",".join(f'"{h}"' for h in ACC_H.split(",")) + "\n" +
                "".join(",".join(r) + "\n" for r in ACC))
    interchange(add("ic-header-units"), acc_text="timestamp (s),acceleration_x (g),acceleration_y (g),acceleration_z (g)\n" +
                "".join(",".join(r) + "\n" for r in ACC))
    dm_units = [h + (" (m/s^2)" if h.startswith(("gravity", "user_acc")) else " (deg/s)" if h.startswith("rotation") else "")
                for h in DM_H.split(",")]
    interchange(add("ic-header-units-ms2-deg"),
                acc_text="timestamp,acceleration_x [m/s²],acceleration_y [m/s²],acceleration_z [m/s²]\n" +
                "".join(",".join(r) + "\n" for r in scaled(ACC, {1, 2, 3}, G)),
                dm_text=",".join(dm_units) + "\n" + "".join(",".join(r) + "\n" for r in scaled(scaled(DM, {5, 6, 7, 8, 9, 10}, G), {11, 12, 13}, 180 / math.pi)))
    interchange(add("ic-header-unknown-unit"), acc_text="timestamp,acceleration_x (furlongs),acceleration_y,acceleration_z\n" +
                "".join(",".join(r) + "\n" for r in ACC))
    interchange(add("imu-gyro-header-deg"), dm=False, gyro=text("timestamp,Rotation_Rate_X (deg/s),Rotation_Rate_Y (deg/s),Rotation_Rate_Z (deg/s)",
                                                                gyro_rows(180 / math.pi)))
    # a 200 Hz gyroscope repeated on every 800 Hz accelerometer row (sample-and-hold)
    interchange(add("imu-gyro-held"), dm=False, gyro=text(GYRO_HEADER, [[r[0]] + m[11:14] for r, m in with_latest_motion()]))
    dup = []
    for i, r in enumerate(ACC):
        dup.append(r)
        if i % 1000 == 7:
            dup.append(r)
    interchange(add("ic-duplicated-rows"), acc=dup)
    back = [list(r) for r in ACC]
    back[5000], back[5001] = back[5001], back[5000]
    back[20000:20800] = back[20800:21600] + back[20000:20800]  # a late second
    back = back[:len(ACC)]
    interchange(add("ic-backwards"), acc=back)
    eq = [list(r) for r in ACC]
    for i in range(1000, len(eq), 3000):
        eq[i + 1][0] = eq[i][0]
    interchange(add("ic-equal-times"), acc=eq)
    gap = times(ACC, lambda t: repr(t + 600 if t > T0 + 27 else t))
    gapd = times(DM, lambda t: repr(t + 600 if t > T0 + 27 else t))
    interchange(add("ic-gap-10min"), acc=gap, dm=gapd)
    interchange(add("ic-ms"), acc=times(ACC, lambda t: repr(t * 1000)), dm=times(DM, lambda t: repr(t * 1000)))
    interchange(add("ic-ns"), acc=times(ACC, lambda t: str(round(t * 1e9))), dm=times(DM, lambda t: str(round(t * 1e9))))
    interchange(add("ic-ms2"), acc=scaled(ACC, {1, 2, 3}, G), dm=scaled(DM, {5, 6, 7, 8, 9, 10}, G))
    interchange(add("ic-dm-deg"), dm=scaled(DM, {11, 12, 13}, 180 / math.pi))
    # raw IMU (accelerometer + gyroscope): fused when analysed
    interchange(add("imu-clean"), dm=False, gyro=text(GYRO_HEADER, gyro_rows()))
    interchange(add("imu-gyro-deg"), dm=False, gyro=text(GYRO_HEADER, gyro_rows(180 / math.pi)))
    interchange(add("imu-gyro-stops"), dm=False, gyro=text(GYRO_HEADER, gyro_rows()[: len(DM) // 2]))
    sat = gyro_rows()
    sat = [[r[0]] + [repr(max(-5.0, min(5.0, float(x)))) for x in r[1:]] for r in sat]
    interchange(add("imu-gyro-saturated"), dm=False, gyro=text(GYRO_HEADER, sat))
    interchange(add("imu-gyro-header-only"), dm=False, gyro=GYRO_HEADER + "\n")
    interchange(add("imu-gyro-truncated"), dm=False, gyro=text(GYRO_HEADER, gyro_rows())[:-7])
    # wrong app / not a recording
    write(add("wrong-heart-rate.csv"), "Date,Time,Heart Rate (bpm)\n2026-05-05,16:37:36,72\n2026-05-05,16:37:37,73\n")
    write(add("wrong-gpx.csv"), '<?xml version="1.0"?>\n<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>\n')
    write(add("wrong-track.gpx"), '<?xml version="1.0"?>\n<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>\n')
    write(add("wrong-random.csv"), "name,age,city\nalice,31,paris\nbob,27,berlin\n")
    write(add("wrong-numbers.csv"), "a,b,c\n1,2,3\n4,5,6\n")
    write(add("binary-named.csv"), bytes(range(256)) * 20)
    write(add("not-a-zip.zip"), "this is text pretending to be a zip\n")
    write(add("fake-pk.zip"), b"PK\x03\x04" + bytes(100))
    write(add("empty.csv"), "")
    photos = add("zip-of-photos.zip")
    with zipfile.ZipFile(photos, "w") as z:
        for i in range(3):
            z.writestr(f"holiday/IMG_{i:04}.jpg", b"\xff\xd8\xff\xe0" + bytes(200))
    write(os.path.join(add("dir-photos-zip"), "notes.txt"), "hello\n")
    shutil.copy(photos, os.path.join(v["dir-photos-zip"][0], "photos.zip"))
    add("does-not-exist")
    os.makedirs(add("empty-dir"))
    write(os.path.join(add("dir-no-recordings"), "notes.txt"), "hello\n")
    mixed = add("mixed-dir")
    interchange(os.path.join(mixed, "good1"))
    interchange(os.path.join(mixed, "bad-nan-header"), acc_text="timestamp,acceleration_x\n1,2\n")
    write(os.path.join(mixed, "bad.csv"), bytes(range(256)) * 3)
    shutil.copy(photos, os.path.join(mixed, "photos.zip"))
    interchange(os.path.join(mixed, "good2"), acc=scaled(ACC, {1, 2, 3}, G))
    # raw dumps
    raw_lines = []
    for i, r in enumerate(ACC):
        if i % 800 == 0:
            raw_lines.append("")
        raw_lines.append(",".join(r))
    raw = "\n".join(raw_lines) + "\n"
    write(add("raw-accelerometer.csv"), raw)
    write(add("raw-truncated-accelerometer.csv"), raw[: len(raw) // 2 + 5])
    write(add("raw-crlf-accelerometer.csv"), raw.replace("\n", "\r\n"))
    write(add("raw-ms-accelerometer.csv"), "\n".join(
        (",".join([repr(float(x.split(",")[0]) * 1000)] + x.split(",")[1:]) if x else "") for x in raw_lines) + "\n")
    write(add("raw-5field-accelerometer.csv"), "\n".join((x + ",0" if x else "") for x in raw_lines) + "\n")
    rd = add("raw-dir")
    write(os.path.join(rd, "watch-accelerometer.csv"), raw)
    rot = [""] + [",".join([r[0]] + r[11:14]) for r in DM]
    write(os.path.join(rd, "watch-rotation.csv"), "\n".join(rot) + "\n")
    # raw dumps saved by a spreadsheet: semicolons with decimal commas, tabs
    write(add("raw-semicolon-accelerometer.csv"), spreadsheet_save(raw, "semicolon"))
    write(add("raw-tab-accelerometer.csv"), spreadsheet_save(raw, "tab"))
    rds = add("raw-dir-semicolon")
    write(os.path.join(rds, "watch-accelerometer.csv"), spreadsheet_save(raw, "semicolon"))
    write(os.path.join(rds, "watch-rotation.csv"), spreadsheet_save("\n".join(rot) + "\n", "semicolon"))
    # Sensor Logger
    sensor_logger_watch(add("sl-watch"))
    sensor_logger_watch(None, zip_path=add("sl-watch.zip"))
    sensor_logger_phone(add("sl-phone"))

    def spreadsheet(files):
        out = {}
        for name, content in files.items():
            if name == "Metadata.csv":
                out[name] = content
                continue
            lines = content.splitlines()
            body = []
            for line in lines[1:]:
                f = line.split(",")
                f[0] = f"{int(f[0]):.2E}"
                body.append(",".join(f))
            out[name] = "\n".join([lines[0]] + body) + "\n"
        return out
    sensor_logger_watch(add("sl-watch-spreadsheet-times"), mangle=spreadsheet)

    def truncated(files):
        files = dict(files)
        files["WristMotion.csv"] = files["WristMotion.csv"][: len(files["WristMotion.csv"]) // 2]
        return files
    sensor_logger_watch(add("sl-watch-truncated"), mangle=truncated)
    sensor_logger_watch(None, zip_path=add("sl-watch-truncated.zip"), mangle=truncated)

    def crlf_bom(files):
        return {k: "\ufeff" + v.replace("\n", "\r\n") for k, v in files.items()}
    sensor_logger_watch(add("sl-watch-crlf-bom"), mangle=crlf_bom)

    for layout in ("semicolon", "tab", "quote-all"):
        def saved(files, layout=layout):
            return {k: v if k == "Metadata.csv" else spreadsheet_save(v, layout) for k, v in files.items()}
        sensor_logger_watch(add(f"sl-watch-{layout}"), mangle=saved)
        sensor_logger_watch(None, zip_path=add(f"sl-watch-{layout}.zip"), mangle=saved)

    def no_metadata(files):
        return {k: v for k, v in files.items() if k != "Metadata.csv"}
    sensor_logger_watch(add("sl-watch-no-metadata"), mangle=no_metadata)

    def no_wrist(files):
        return {k: v for k, v in files.items() if k != "WristMotion.csv"}
    sensor_logger_watch(add("sl-watch-only-accelerometer"), mangle=no_wrist)

    def header_only(files):
        files = dict(files)
        files["WristMotion.csv"] = files["WristMotion.csv"].split("\n")[0] + "\n"
        return files
    sensor_logger_watch(add("sl-watch-wrist-header-only"), mangle=header_only)

    def pandas_index(files):
        out = {}
        for k, v in files.items():
            if k == "Metadata.csv":
                out[k] = v
                continue
            lines = v.splitlines()
            out[k] = "\n".join(["Unnamed: 0," + lines[0]] + [f"{i},{x}" for i, x in enumerate(lines[1:])]) + "\n"
        return out
    sensor_logger_watch(add("sl-watch-pandas-index"), mangle=pandas_index)
    write(add("sl-single-WristMotion.csv"), open(os.path.join(v["sl-watch"][0], "WristMotion.csv")).read())
    write(add("sl-single-accelerometer.csv"), open(os.path.join(v["sl-watch"][0], "WatchAccelerometerUncalibrated.csv")).read())

    def phone_utf16(files):
        files = dict(files)
        files["Gravity.csv"] = files["Gravity.csv"].encode("utf-16")
        return files
    sensor_logger_phone(add("sl-phone-utf16-gravity"), mangle=phone_utf16)
    # SensorLog
    sl = sensorlog_rows()
    write(add("sensorlog.csv"), text(SENSORLOG_HEADER, sl))
    write(add("sensorlog-truncated.csv"), text(SENSORLOG_HEADER, sl)[:-40])
    write(add("sensorlog-semicolon.csv"), SENSORLOG_HEADER.replace(",", ";") + "\n" + "".join(";".join(r) + "\n" for r in sl))
    for layout in ("semicolon", "tab", "quote-all", "quote-text"):
        write(add(f"sensorlog-{layout}.csv"), spreadsheet_save(text(SENSORLOG_HEADER, sl), layout))
    slm = [list(r) for r in sl]
    for r in slm:
        r[2:5] = [repr(float(x) * G) for x in r[2:5]]
    write(add("sensorlog-ms2.csv"), text(SENSORLOG_HEADER, slm))
    # generic CSV
    gr = generic_rows()
    gh = "t_ms,ax,ay,az,gx,gy,gz"
    cmap = "time=t_ms:ms,accel=ax,ay,az:m/s2,gyro=gx,gy,gz:deg/s"
    write(add("generic.csv"), text(gh, gr))
    v["generic-mapped.csv"] = (v["generic.csv"][0], ["--columns", cmap])
    write(add("generic-comma-decimal.csv"), gh.replace(",", ";") + "\n" + "".join(";".join(x.replace(".", ",") for x in r) + "\n" for r in gr))
    for layout in ("tab", "quote-all"):
        write(add(f"generic-{layout}.csv"), spreadsheet_save(text(gh, gr), layout))
    semicolons = spreadsheet_save(text(gh, gr), "semicolon")
    write(add("generic-semicolon-quote-all.csv"),
          "\n".join(";".join(f'"{x}"' for x in line.split(";")) if line else line for line in semicolons.split("\n")))
    def dotted(ms):
        whole = str(1_700_000_000_000 + round(float(ms)))
        return ".".join(whole[max(0, i - 3):i] for i in range(len(whole) % 3 or 3, len(whole) + 1, 3))
    write(add("generic-epoch-ms-thousands.csv"), "t_ms;ax;ay;az;gx;gy;gz\n" + "".join(
        ";".join([dotted(r[0])] + [x.replace(".", ",") for x in r[1:]]) + "\n" for r in gr))
    write(add("generic-epoch-ns-15-digits.csv"), "t_ns,ax,ay,az,gx,gy,gz\n" + "".join(
        ",".join([f"{(EPOCH_NS + float(r[0]) * 1e6):.14E}"] + r[1:]) + "\n" for r in gr))
    write(add("generic-truncated.csv"), text(gh, gr)[:-9])
    v["generic-truncated-mapped.csv"] = (v["generic-truncated.csv"][0], ["--columns", cmap])
    gn = [list(r) for r in gr]
    for i in range(50, len(gn), 4000):
        gn[i][4] = "NaN"
    write(add("generic-nan.csv"), text(gh, gn))
    write(add("generic-wrong-map.csv"), text(gh, gr))
    v["generic-wrong-map.csv"] = (v["generic-wrong-map.csv"][0], ["--columns", "time=time:s,accel=ax,ay,az:g"])
    write(add("generic-sci-time.csv"), "t_ns,ax,ay,az,gx,gy,gz\n" + "".join(
        ",".join([f"{(EPOCH_NS + float(r[0]) * 1e6):.2E}"] + r[1:]) + "\n" for r in gr))
    # native npz (written by numpy, as another tool would)
    try:
        import numpy as np
        at = np.array([float(r[0]) for r in ACC])
        ax = np.array([[float(x) for x in r[1:4]] for r in ACC], dtype=np.float32)
        dt = np.array([float(r[0]) for r in DM])
        dm = np.array([[float(x) for x in r[1:]] for r in DM], dtype=np.float32)
        names = ["attitude_w", "attitude_x", "attitude_y", "attitude_z", "gravity_x", "gravity_y", "gravity_z",
                 "user_acceleration_x", "user_acceleration_y", "user_acceleration_z",
                 "rotation_rate_x", "rotation_rate_y", "rotation_rate_z"]
        arrays = {"accelerometer_timestamp": at, "accelerometer_x": ax[:, 0], "accelerometer_y": ax[:, 1],
                  "accelerometer_z": ax[:, 2], "device_motion_timestamp": dt}
        arrays.update({f"device_motion_{n}": dm[:, i] for i, n in enumerate(names)})
        np.savez(add("npz-numpy.npz"), **arrays)
        np.savez_compressed(add("npz-compressed.npz"), **arrays)
        bad = dict(arrays)
        bad["accelerometer_x"] = bad["accelerometer_x"][:-10]
        np.savez(add("npz-short-column.npz"), **bad)
        bad = dict(arrays)
        bad["accelerometer_timestamp"] = bad["accelerometer_timestamp"].astype(np.int32)
        np.savez(add("npz-int-times.npz"), **bad)
        bad = dict(arrays)
        bad["accelerometer_timestamp"] = bad["accelerometer_timestamp"] * 1e9
        np.savez(add("npz-ns.npz"), **bad)
        np.savez(add("npz-other-arrays.npz"), weights=np.zeros((3, 3)), labels=np.arange(3))
        data = open(v["npz-numpy.npz"][0], "rb").read()
        write(add("npz-truncated.npz"), data[: len(data) // 2])
        bad = dict(arrays)
        bad["metadata_json"] = np.frombuffer(b'{"format": "batchedmotion-native", "version": 1, "metadata": {"sport": "cricket"}}', dtype=np.uint8)
        np.savez(add("npz-bad-metadata.npz"), **bad)
    except ImportError:
        print("numpy missing: npz variants skipped", file=sys.stderr)
    return v


COMMANDS = {
    "analyze-table": ["analyze"],
    "analyze-json": ["analyze", "--format", "json"],
    "analyze-jsonl": ["analyze", "--format", "jsonl"],
    "analyze-csv": ["analyze", "--format", "csv"],
    "workout": ["workout", "--format", "json"],
    "inspect": ["inspect", "--json"],
    "report": ["report", "-o", "{tmp}/report.html"],
    "fuse": ["fuse", "-o", "{tmp}/fused"],
    "convert": ["convert", "{path}", "{tmp}/converted.npz", "--force"],
}


def summarise(command, status, stdout, stderr):
    parts = [f"exit {status}"]
    if command in ("analyze-json", "workout", "analyze-jsonl", "inspect"):
        try:
            objects = [json.loads(line) for line in stdout.splitlines() if line.strip()] if command == "analyze-jsonl" \
                else json.loads(stdout) if stdout.strip() else []
            if isinstance(objects, dict):
                objects = [objects]
            for o in objects:
                if command == "inspect":
                    kinds = [f.get("kind") for f in o.get("issues", [])]
                    parts.append(f"kinds={','.join(kinds)}")
                    continue
                kinds = [i.get("kind") for i in o.get("issues", [])]
                sw = o.get("swings")
                n = sw if isinstance(sw, int) else len(sw or [])
                parts.append(f"[{os.path.basename(str(o.get('recording')))} swings={n} case={o.get('dataCase')} "
                             f"kinds={','.join(kinds)}{' ERROR' if 'error' in o else ''}]")
        except json.JSONDecodeError as e:
            parts.append(f"BAD JSON: {e}")
    elif command == "analyze-csv":
        lines = stdout.splitlines()
        parts.append(f"rows={max(0, len(lines) - 1)} failed={sum(1 for l in lines if ',failed,' in l)}")
    elif command == "analyze-table":
        parts.append(f"out={len(stdout)}B")
    err = stderr.strip().splitlines()
    if err:
        parts.append("stderr: " + " | ".join(e[:220] for e in err[:3]))
    return "  ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "swing-metrics"))
    parser.add_argument("--out", default="/tmp/bad-inputs")
    parser.add_argument("--filter", default="")
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--generate-only", action="store_true")
    args = parser.parse_args()
    variants = generate(os.path.join(args.out, "inputs"))
    if args.generate_only:
        return
    for name, (path, extra) in sorted(variants.items()):
        if args.filter and args.filter not in name:
            continue
        for command in args.commands.split(","):
            tmp = os.path.join(args.out, "outputs", name, command)
            shutil.rmtree(tmp, ignore_errors=True)
            os.makedirs(tmp)
            argv = [a.format(tmp=tmp, path=path) for a in COMMANDS[command]]
            if "{path}" not in " ".join(COMMANDS[command]):
                argv.insert(1, path)
            try:
                p = subprocess.run([args.binary] + argv + extra + (["--no-progress"] if command.startswith(("analyze", "workout")) else []),
                                   capture_output=True, text=True, timeout=120, errors="replace")
                line = summarise(command, p.returncode, p.stdout, p.stderr)
                if p.returncode < 0 or "Fatal error" in p.stderr or "Stack dump" in p.stderr:
                    line = "CRASH " + line
            except subprocess.TimeoutExpired:
                line = "HANG (over 120 s)"
            print(f"{name:32} {command:14} {line}", flush=True)


if __name__ == "__main__":
    main()
