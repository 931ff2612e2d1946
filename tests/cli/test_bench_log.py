"""`cardhost bench-log`: it runs the real log and says what it measured (that the group
commit gathers appends is tests/storage/test_db.py's)."""

from cardhost_devtools.bench.log import bench_log, run_bench_log


async def test_bench_log_reports_the_groups_it_wrote(monkeypatch) -> None:
    monkeypatch.delenv("CARDHOST_DATABASE", raising=False)  # a fresh SQLite file
    line = await bench_log(8, 3)
    fields = dict(field.split("=", 1) for field in line.split())
    assert fields["database"] == "sqlite" and fields["appends"] == "24"
    assert float(fields["cpu_us_per_append"]) > 0
    assert 1 <= float(fields["mean_group"]) <= 24  # appends per write, each written once


def test_bench_log_refuses_nothing_to_measure(capsys) -> None:
    assert run_bench_log(0, 10) == 2
    assert "at least 1" in capsys.readouterr().err
