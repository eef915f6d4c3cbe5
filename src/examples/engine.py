"""Thin bridge to the embedded Databend engine (the one Python part of the project).

Reads {"pages": [{"id": str, "blocks": [{"sql": str}]}]} on stdin and writes
{"engine": version, "pages": [{"id": str, "results": [{"ok": bool, "output" | "error": str}]}]} on stdout.
Each page runs in its own SessionContext, so examples of one page never see another page's tables.
"""
import json
import os
import shutil
import sys
import tempfile

import databend


def run_block(ctx, sql):
    try:
        blocks = ctx.sql(sql).collect()
    except Exception as err:  # the engine's own message is the result of an error example
        return {"ok": False, "error": str(err).strip()}
    output = str(blocks).rstrip() if blocks.num_columns() > 0 else ""
    return {"ok": True, "output": output}


def engine_version():
    rows = str(databend.SessionContext().sql("SELECT version()").collect())
    start = rows.find("Databend Query v")
    return rows[start:].split("(")[0].split("-")[0].replace("Databend Query ", "").strip() if start >= 0 else "unknown"


def main():
    request = json.load(sys.stdin)
    # The engine keeps its data under ./.databend: run in a fresh folder so every run starts empty and
    # nothing is written into the project.
    workdir = tempfile.mkdtemp(prefix="databend-examples-")
    os.chdir(workdir)
    try:
        answer = run(request)
    finally:
        os.chdir(tempfile.gettempdir())
        shutil.rmtree(workdir, ignore_errors=True)
    json.dump(answer, sys.stdout)


def run(request):
    pages = []
    for page in request["pages"]:
        ctx = databend.SessionContext()
        pages.append({"id": page["id"], "results": [run_block(ctx, b["sql"]) for b in page["blocks"]]})
    return {"engine": engine_version(), "pages": pages}


if __name__ == "__main__":
    main()
