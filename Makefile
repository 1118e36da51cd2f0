# make play  — build WEC into a virtual environment and start the game
# make test  — build WEC with its test tools and run the test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test test-debug bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,openspiel]'

play: install
	$(BIN)/wec play

test: install
	$(BIN)/python -m pytest -q

# The core built with Cython's checks on (bounds, wraparound, None, C division off) — WEC_DEBUG=1.
test-debug: install
	WEC_DEBUG=1 $(BIN)/python -m pip install -q -e '.[test,openspiel]'
	$(BIN)/python -m pytest -q -m "not slow" tests
	$(BIN)/python -m pip install -q -e '.[test,openspiel]'

bench: install
	$(BIN)/python -m pytest bench -q --benchmark-columns=min,mean,ops,rounds

clean:
	rm -rf build $(VENV) wec/_core/*.so wec/_core/*.c *.egg-info
