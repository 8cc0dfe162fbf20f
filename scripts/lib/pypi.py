"""Python test tools from PyPI, installed for this user only when missing (the README's
test command installs what it needs): `module("websockets.asyncio.server", "websockets")`
imports the module, running `pip install --user` first if it is not there."""
import importlib, site, subprocess, sys


def module(name, package, timeout=300):
    """The imported module `name` (a dotted one imports its parents too), from `package`."""
    try:
        return importlib.import_module(name)
    except ImportError:
        pass
    for extra in ([], ["--break-system-packages"]):   # Debian's Python refuses --user without it
        cmd = [sys.executable, "-m", "pip", "install", "--user", "--quiet", *extra, package]
        if subprocess.run(cmd, timeout=timeout).returncode == 0:
            break
    sys.path.append(site.getusersitepackages())
    importlib.invalidate_caches()
    return importlib.import_module(name)
