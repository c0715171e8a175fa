from paddock_web.app import start

start()
