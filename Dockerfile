FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends gcc make && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY fishsite fishsite
COPY games games
COPY rooms rooms
COPY frontend frontend
COPY manage.py ./
RUN pip install --no-cache-dir .
# collectstatic needs settings that refuse the dev key with debug off, so build with debug on.
RUN DJANGO_DEBUG=1 python manage.py collectstatic --noinput
EXPOSE 8000
