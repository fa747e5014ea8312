// Run once by the compose service `mongodb-init` (mongosh --file). Idempotent: on later starts the replica set
// already exists and this only waits for the primary.
const config = { _id: 'rs0', members: [{ _id: 0, host: 'mongodb:27017' }] };

try {
  rs.status();
  print('replica set rs0 already initiated');
} catch (error) {
  // 94 NotYetInitialized: a fresh data volume; anything else is a real fault and fails the init.
  if (error.code !== 94 && error.codeName !== 'NotYetInitialized') throw error;
  rs.initiate(config);
  print('replica set rs0 initiated');
}

// Services connect with ?replicaSet=rs0 and need a writable primary; the election takes a moment.
while (!db.hello().isWritablePrimary) sleep(500);
print('primary is up');
