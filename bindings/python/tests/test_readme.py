"""The README's example runs as written and says what it claims."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_example_runs(capsys):
    code = re.search(r"```python\n(.*?)```", README.read_text(), re.S).group(1)
    scope = {}
    exec(compile(code, str(README), "exec"), scope)
    assert scope["verdict"].code == 2 and not scope["verdict"]
    assert scope["game"].closed
    assert "X" in capsys.readouterr().out
