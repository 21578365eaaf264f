"""The package's one exception type."""


class BatchedMotionError(RuntimeError):
    """The ``swing-metrics`` tool could not be found or run, or refused its command line.

    The message names the tool's path, the command and what went wrong (with the tool's own standard-error text).
    Failures of individual recordings are never raised: they are rows with ``status == "error"``.
    """
