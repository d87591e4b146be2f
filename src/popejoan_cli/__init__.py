"""popejoan: banker, dealer and referee for a Pope Joan table."""

__version__ = "0.1.0"


class Interrupted(BaseException):
    """Ctrl-C or SIGTERM (see `launch`): not an `Exception`, so no handler of errors swallows it.

    It lives here, in the module every other one imports first, so that a signal handler
    can raise it without importing anything mid-import.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
