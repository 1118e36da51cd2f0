"""Shared by every test folder: pytest puts this folder on sys.path (for `builders` and
`reference`) because this conftest sits here."""
