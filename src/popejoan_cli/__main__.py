"""`python -m popejoan_cli` runs the same command as `popejoan`."""

from popejoan_cli.launch import main

main()
