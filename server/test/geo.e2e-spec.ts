import { useTestApp } from './helpers/test-app';

describe('GET /api/geocode.php', () => {
  const t = useTestApp();

  it('answers a point in Utrecht with the city and province of Utrecht', async () => {
    const res = await t.http().get('/api/geocode.php?lat=52.0907&lon=5.1214').expect(200);
    expect(res.body.geocode.country).toBe('NL');
    expect(res.body.geocode.city.name).toBe('Utrecht');
    expect(res.body.geocode.region.name).toMatch(/Utrecht/);
    expect(res.body.geocode.distance_km).toBeLessThan(5);
  });

  it('names Dutch places by their Dutch names: Den Haag in Zuid-Holland', async () => {
    const res = await t.http().get('/api/geocode.php?lat=52.0705&lon=4.3007').expect(200);
    expect(res.body.geocode.city.name).toBe('Den Haag');
    expect(res.body.geocode.region.name).toBe('Zuid-Holland');
  });

  it('finds the nearest city in another supported country', async () => {
    const res = await t.http().get('/api/geocode.php?lat=52.52&lon=13.405').expect(200);
    expect(res.body.geocode.country).toBe('DE');
    // the data package lists Berlin's districts (Mitte, ...) as places of the state Berlin
    expect(res.body.geocode.region.name).toBe('Berlin');
    expect(res.body.geocode.distance_km).toBeLessThan(5);
  });

  it('says in Dutch that no place is near a point in the open sea', async () => {
    const res = await t.http().get('/api/geocode.php?lat=40&lon=-40').expect(404);
    expect(res.body).toEqual({
      error: 'location_not_found',
      message: 'Er is geen plaats gevonden in de buurt van deze locatie.',
    });
  });

  it('refuses coordinates outside the globe with a validation error in the member language', async () => {
    const res = await t
      .http()
      .get('/api/geocode.php?lat=123&lon=5')
      .set('Accept-Language', 'en-GB,en;q=0.9')
      .expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.message).toBe('Please check the details you entered.');
    expect(res.body.issues[0].field).toBe('lat');
  });
});
