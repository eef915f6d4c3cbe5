"""Thin bridge to the embedded Databend engine: the one Python part of the project.

JSON lines over stdin/stdout. Requests:
  {"op": "reset"}              start a fresh session (a new page: no tables of earlier pages)
  {"op": "run", "sql": "..."}  run one statement in the current session
  {"op": "version"}            the engine's version
  {"op": "package"}            the folder of the engine's package (its files fingerprint the engine)
  {"op": "list", "sql": "..."} the first column of a query, as strings (for coverage lists)
  {"op": "plan", "sqls": [...]} plan each statement in the current session without running it: its first output
                               column's type, or the error ({"ok": true, "answers": [{"type": "..."} | {"error": "..."}]});
                               probe calls likely to pass are planned together, as one statement's columns (plan_all)
  {"op": "values", "sqls": [...]} run each statement: {"box": "..."} or {"error": "..."} (the signature prober)
Each answer is one line: {"ok": true, "box": "...", "rows": n, "columns": n, "schema": "..."} (the engine's own
rendering of the result, the block's row and column counts, and the output schema from the plan),
{"ok": false, "error": "..."}, or {"ok": true, "value": ...}. The TypeScript side reads the result from these,
keeps time limits and restarts the bridge when the engine crashes.
"""
import ctypes
import json
import math
import os
import re
import shutil
import sys
import tempfile

import importlib.util

# Imported in main(), once this process is confined: the engine starts its threads on import, and a Landlock
# restriction covers only threads started after it.
_ENGINE_SPEC = importlib.util.find_spec("databend")
if _ENGINE_SPEC is None or _ENGINE_SPEC.origin is None:
    sys.stderr.write("the databend Python package is not installed: run `sh scripts/setup.sh --engine`\n")
    sys.exit(3)
databend = None


def run(ctx, sql, max_rows=10000):
    df = ctx.sql(sql)
    # The DataFrame runs the statement again each time it is read (to_arrow_table, to_pandas, collect): read it
    # once. The schema comes from the plan and runs nothing, so an empty result still names its columns.
    schema = str(df.schema())
    # Show every row and the whole of every value: the page shows exactly what the engine answered.
    df.set_max_display_rows(max_rows)
    df.set_max_width(1000000)
    df.set_max_col_width(1000000)
    block = df.collect()
    return {"ok": True, "box": str(block).rstrip(), "rows": block.num_rows(), "columns": block.num_columns(), "schema": schema}


TYPE_OF_FIRST_FIELD = re.compile(r"data_type: (.*?), computed_expr:")
OVERLOAD = re.compile(r"^\s+[a-z0-9_]+\((.*)\) :: ", re.M)


def plan(ctx, sql):
    """The type of a statement's first column from its plan: binds and type-checks, runs nothing. A call of no
    overload answers with the overloads of that many arguments the engine tried (their argument types)."""
    try:
        schema = str(ctx.sql(sql).schema())
    except BaseException as err:  # a panic inside the engine is a BaseException (pyo3's PanicException)
        if isinstance(err, (KeyboardInterrupt, SystemExit)):
            raise
        text = ("engine panic: " if not isinstance(err, Exception) else "") + str(err).strip()
        answer = {"error": text.split("\n")[0][:300]}
        overloads = [m.group(1) for m in OVERLOAD.finditer(text)]
        if overloads:
            answer["overloads"] = overloads
        return answer
    found = TYPE_OF_FIRST_FIELD.search(schema)
    return {"type": found.group(1)} if found else {"error": f"no output column: {schema[:200]}"}


TYPE_OF_EACH_FIELD = re.compile(r"data_type: (.*?), computed_expr:")
ONE_CALL = re.compile(r"^SELECT (.+) FROM probe$", re.S)
# The most calls planned as the columns of one statement, and how many recent answers judge the odds of a pass.
MOST_TOGETHER = 32
RECENT = 64


def plan_all(ctx, sqls):
    """Each statement's answer from `plan`, the same answer it gets planned alone, for less work.

    Most of a plan's cost is the statement's own (parse, bind the table, optimise: 1.1 ms), not its column's (0.2
    ms), so probe calls (`SELECT <call> FROM probe`) that are likely to pass are planned as the columns of one
    statement: its columns' types are their answers. A statement that fails is halved until the call that fails
    is planned alone, exactly as `plan` plans it, so every error and every list of overloads is its own. How many
    go together follows how many of the recent calls passed: many where most pass (the widths of a type), one
    where most fail (a sweep through every type)."""
    answers = [None] * len(sqls)
    recent = []

    def alone(i):
        answers[i] = plan(ctx, sqls[i])
        recent.append("type" in answers[i])

    def together(group):
        if len(group) == 1:
            return alone(group[0])
        sql = "SELECT " + ", ".join(ONE_CALL.match(sqls[i]).group(1) for i in group) + " FROM probe"
        try:
            types = TYPE_OF_EACH_FIELD.findall(str(ctx.sql(sql).schema()))
        except BaseException as err:
            if isinstance(err, (KeyboardInterrupt, SystemExit)):
                raise
            types = []
        if len(types) == len(group):
            for i, t in zip(group, types):
                answers[i] = {"type": t}
            recent.extend([True] * len(group))
            return
        half = len(group) // 2
        together(group[:half])
        together(group[half:])

    i = 0
    while i < len(sqls):
        window = recent[-RECENT:]
        passing = (sum(window) + 1) / (len(window) + 2)
        # As many as pass together at least every other time: passing ** size >= 1/2.
        size = 1 if passing <= 0.5 else max(1, min(MOST_TOGETHER, int(math.log(0.5) / math.log(passing))))
        group = []
        while i < len(sqls) and len(group) < size and ONE_CALL.match(sqls[i]):
            group.append(i)
            i += 1
        if group:
            together(group)
        else:
            alone(i)
            i += 1
    return answers


def values(ctx, sql):
    try:
        df = ctx.sql(sql)
        df.set_max_display_rows(10000)
        return {"box": str(df.collect()).rstrip()}
    except BaseException as err:
        if isinstance(err, (KeyboardInterrupt, SystemExit)):
            raise
        return {"error": (("engine panic: " if not isinstance(err, Exception) else "") + str(err).strip()).split("\n")[0][:300]}


# Where the engine's working folder goes: a folder in memory where the machine has one. The engine syncs each file
# it writes (table blocks, snapshots, its meta store: about 20 syncs for a page that makes and fills one table),
# and on a disk every sync waits for it; in memory a sync costs nothing. Measured on a page's worth of statements
# (a session, CREATE TABLE, INSERT, two SELECTs): 57 ms of wall and 27 ms of CPU in /tmp, 25 and 17 in /dev/shm.
MEMORY_ROOT = "/dev/shm"


def work_roots():
    """The folder for this bridge's working folder first, then the other folder a bridge may have used."""
    in_memory = os.path.isdir(MEMORY_ROOT) and os.access(MEMORY_ROOT, os.W_OK | os.X_OK)
    return [MEMORY_ROOT, tempfile.gettempdir()] if in_memory else [tempfile.gettempdir()]


def remove_stale_workdirs():
    """Folders of bridges that were killed (a hung statement is stopped with SIGKILL) and could not clean up."""
    for root in work_roots():
        for name in os.listdir(root):
            parts = name.split("-")
            if not name.startswith("databend-examples-") or len(parts) < 4 or not parts[2].isdigit():
                continue
            try:
                os.kill(int(parts[2]), 0)
            except ProcessLookupError:
                shutil.rmtree(os.path.join(root, name), ignore_errors=True)
            except PermissionError:
                pass


# The one folder examples may write besides the engine's own: the data folder lives in it (it is removed and made
# again before each page, so the rule names its parent).
EXAMPLES_ROOT = "/tmp/databend-docs"

# Landlock (Linux 5.13+): what this process may open from now on. Bits of LANDLOCK_ACCESS_FS_*.
_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FILE_RIGHTS = _EXECUTE | _WRITE_FILE | _READ_FILE | (1 << 14) | (1 << 15)  # with TRUNCATE, IOCTL_DEV
_READ = _EXECUTE | _READ_FILE | _READ_DIR


def confine(workdir):
    """Lets the engine read only what it runs from and write only its working folder and the examples' folder.

    A statement that names another place (`SELECT $1 FROM 'fs:///etc/' ...`) then fails with a permission error
    even if the checks on the TypeScript side missed it. Where Landlock is missing (another OS, an old kernel),
    those checks are what stands."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    abi = libc.syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint32(1))  # landlock_create_ruleset: version
    if abi < 1:
        return
    handled = (1 << 13) - 1
    if abi >= 2:
        handled |= 1 << 13  # REFER
    if abi >= 3:
        handled |= 1 << 14  # TRUNCATE
    if abi >= 5:
        handled |= 1 << 15  # IOCTL_DEV
    attr = ctypes.c_uint64(handled)
    ruleset = libc.syscall(444, ctypes.byref(attr), ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        return

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

    package = os.path.dirname(os.path.realpath(_ENGINE_SPEC.origin))
    # What the engine reads as it runs (found with strace): its code, time zones, certificates, and what the
    # kernel says about this process, the machine's processors and memory.
    readable = {"/usr", "/lib", "/lib64", "/bin", "/etc/ld.so.cache", "/etc/localtime", "/etc/ssl",
                "/etc/ca-certificates", "/etc/hosts", "/etc/resolv.conf", "/etc/nsswitch.conf", "/proc/self",
                "/proc/meminfo", "/proc/sys/vm/overcommit_memory", "/sys", "/dev/null", "/dev/urandom",
                sys.prefix, sys.base_prefix, os.path.realpath(sys.prefix), os.path.realpath(sys.base_prefix), package}
    os.makedirs(EXAMPLES_ROOT, exist_ok=True)
    writable = {workdir, EXAMPLES_ROOT}
    for path, rights in [(p, _READ) for p in readable] + [(p, handled) for p in writable]:
        try:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            if not os.path.isdir(path):
                rights &= _FILE_RIGHTS
            rule = PathBeneath(rights & handled, fd)
            libc.syscall(445, ctypes.c_int(ruleset), ctypes.c_int(1), ctypes.byref(rule), ctypes.c_uint32(0))
        finally:
            os.close(fd)
    libc.prctl(38, 1, 0, 0, 0)  # PR_SET_NO_NEW_PRIVS, which landlock_restrict_self needs
    libc.syscall(446, ctypes.c_int(ruleset), ctypes.c_uint32(0))
    os.close(ruleset)


def main():
    remove_stale_workdirs()
    # The engine keeps its data under ./.databend: work in a fresh folder so every run starts empty and
    # nothing is written into the project. The folder names this process, so a later run can tell it is stale.
    workdir = tempfile.mkdtemp(prefix=f"databend-examples-{os.getpid()}-", dir=work_roots()[0])
    os.chdir(workdir)
    # The engine's own temporary files go there too, so it needs no other folder.
    os.environ["TMPDIR"] = workdir
    confine(workdir)
    global databend
    import databend
    ctx = None
    try:
        for line in sys.stdin:
            request = json.loads(line)
            op = request.get("op")
            try:
                if op == "reset":
                    ctx = databend.SessionContext()
                    answer = {"ok": True}
                elif op == "run":
                    ctx = ctx or databend.SessionContext()
                    answer = run(ctx, request["sql"])
                elif op == "version":
                    answer = {"ok": True, "value": str(databend.SessionContext().sql("SELECT version()").collect())}
                elif op == "package":
                    answer = {"ok": True, "value": os.path.dirname(_ENGINE_SPEC.origin)}
                elif op == "plan":
                    ctx = ctx or databend.SessionContext()
                    answer = {"ok": True, "answers": plan_all(ctx, request["sqls"])}
                elif op == "values":
                    ctx = ctx or databend.SessionContext()
                    answer = {"ok": True, "answers": [values(ctx, q) for q in request["sqls"]]}
                elif op == "list":
                    answer = run(databend.SessionContext(), request["sql"], max_rows=100000)
                else:
                    answer = {"ok": False, "error": f"unknown op {op!r}"}
            except Exception as err:  # the engine's message is the answer of an error example
                answer = {"ok": False, "error": str(err).strip()}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        os.chdir(tempfile.gettempdir())
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
