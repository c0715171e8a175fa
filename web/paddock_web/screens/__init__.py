"""The site's screens, one module each; every function draws from the :class:`~..app.App`."""
