"""Paddock's browser tables: a small DOM layer in Python over the pygames engines."""


def hold_data() -> None:
    """Read the data files the site uses (every text in both languages, the lens's
    calibration figures) into memory.

    The build calls this before it snapshots Python, so a restored page needs none of
    our files to start: it unpacks them (sources for tracebacks) once it is ready.
    """
    from . import i18n, lens_about

    for lang in i18n.LANGUAGES:
        i18n.load(lang)
    lens_about.figures()
