"""An MQTT broker standing in for a board's (scripts/e2e/mosquitto.py: mosquitto on a free
127.0.0.1 port) and the feeder that publishes a round of values to it every period, with
one garbled message a round on a topic the board reads (which the panel must drop and
count). One `mosquitto_pub -l` per topic: each line written is one message, in order."""
import os, threading, time

from mosquitto import Broker

GARBAGE = [b"garbage ###", b"12abc", b"\xff\x13\x80=\x01", b"{\"load\": 1"]   # no NUL: mosquitto_pub -l ends a line there


class MQTTLine:
    def __init__(self, d):
        self.broker = Broker(os.path.join(d, "broker"))
        self.link = f"127.0.0.1:{self.broker.port}"
        self.log_name = f"mqtt {self.link}"
        self.pubs = {}

    def publish(self, topic, payload):
        p = self.pubs.get(topic)
        if p is None:
            p = self.pubs[topic] = self.broker.publisher(topic)
        p.stdin.write(payload + b"\n")
        p.stdin.flush()

    def subscriptions(self):
        """SUBACKs the broker has sent: each (re)connection of the panel subscribes once."""
        return self.broker.text().count("Sending SUBACK to ")

    def drain(self, timeout=10):
        time.sleep(0.5)   # published lines reach the panel through the broker at once

    def close(self):
        for p in self.pubs.values():
            try:
                p.stdin.close(); p.wait(timeout=5)
            except Exception:   # noqa: BLE001 — already gone
                p.kill()
        self.broker.stop()


class MQTTFeeder(threading.Thread):
    """Publishes `pairs` [(topic, value text)] every `period` seconds; before them, one
    garbled message a round on the first topic (so every round ends with good values).
    Messages are not retained, so a round goes out only once the panel has subscribed: at
    the start and again after each pause (the panel reloads and subscribes anew)."""
    def __init__(self, line, pairs, period=0.25):
        super().__init__(daemon=True)
        self.line, self.pairs, self.period = line, pairs, period
        self.dropped = self.rounds = 0
        self.gate = threading.Lock()
        self.paused = self.stopping = False
        self.needed = 1   # SUBACKs before the next round may go out

    def run(self):
        i = 0
        while not self.stopping:
            with self.gate:
                if not self.paused and self.line.subscriptions() >= self.needed:
                    topic0 = self.pairs[0][0]
                    self.line.publish(topic0, GARBAGE[i % len(GARBAGE)])
                    self.dropped += 1
                    for topic, value in self.pairs:
                        self.line.publish(topic, value.encode())
                    self.rounds += 1
                    i += 1
            time.sleep(self.period)

    def pause(self):
        with self.gate: self.paused = True

    def resume(self):
        with self.gate:
            self.paused = False
            self.needed = self.line.subscriptions() + 1

    def stop(self):
        self.stopping = True
