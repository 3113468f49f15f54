"""How each credit was earned, for the credits not earned by the student's own client.

Existing sessions get NULL, no entry: every credit they hold reads as their own client's,
as it was read before. Rows inserted by processes still running the previous release
while the release rolls out get NULL too."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("challengers", "0009_last_api_request"),
    ]

    operations = [
        migrations.AddField(
            model_name="challenger",
            name="credit_channels",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
    ]
