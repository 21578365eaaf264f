"""Usage: python3 Benchmarks/peak_spill_disk.py COMMAND [ARGS...]

Runs a command and reports the peak disk space held by its temporary spill files (unlinked files named
batchedmotion-spill-*), summed over its open descriptors, polled every 5 ms: st_blocks × 512 of each (the files
are unlinked at once, so `du` of the temporary directory never sees them). Linux (/proc)."""
import os, subprocess, sys, time
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
peak = 0
while process.poll() is None:
    total = 0
    try:
        for fd in os.listdir(f"/proc/{process.pid}/fd"):
            try:
                if "batchedmotion-spill-" in os.readlink(f"/proc/{process.pid}/fd/{fd}"):
                    total += os.stat(f"/proc/{process.pid}/fd/{fd}").st_blocks * 512
            except OSError:
                pass
    except OSError:
        pass
    peak = max(peak, total)
    time.sleep(0.005)
print(f"peak spill disk {peak / 1e6:.1f} MB, exit {process.returncode}")
