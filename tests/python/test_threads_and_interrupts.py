"""The GIL is released while a search runs, and Ctrl-C stops it with what it has."""
import _thread
import threading
import time

import pytest

import backtrack


def test_python_runs_while_another_thread_counts():
    started = threading.Event()
    outcome = {}

    def count():
        started.set()
        outcome["result"] = backtrack.run("nqueens", n=20, strategy="word", threads=1, time_limit=1)

    worker = threading.Thread(target=count)
    worker.start()
    started.wait()
    steps = 0
    while worker.is_alive():
        steps += 1  # Python code runs here only while the count has let go of the GIL
        time.sleep(0.001)
    worker.join()
    assert outcome["result"].status == "time_limit"
    assert steps >= 10  # none at all while a search held the GIL for its second


def test_two_threads_count_at_once():
    results = [None, None]

    def count(i):
        results[i] = backtrack.count("nqueens", n=11, strategy="bitset", threads=1)

    workers = [threading.Thread(target=count, args=(i,)) for i in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert results == [2680, 2680]


def test_ctrl_c_stops_a_count_and_keeps_its_statistics():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt) as caught:
        backtrack.run("nqueens", n=22, strategy="word", threads=1, symmetry="none")
    timer.join()
    result = caught.value.result
    assert result.status == "interrupted" and result.partial
    assert result.nodes > 0


def test_ctrl_c_stops_a_loop_over_solutions():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    with pytest.raises(KeyboardInterrupt):
        # every solution is taken and dropped: the loop waits on the search, never ends alone
        timer.start()
        for _ in backtrack.solutions("nqueens", n=22, strategy="word", threads=1):
            pass
    timer.join()
    assert backtrack.count("nqueens", n=6) == 4  # and the module searches on
