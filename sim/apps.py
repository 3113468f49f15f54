from django.apps import AppConfig


class SimConfig(AppConfig):
    name = "sim"
    verbose_name = "Simulator and mirror"
